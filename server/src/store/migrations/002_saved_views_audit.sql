-- Saved pivot views, queries and dashboard filters; and the audit log every write appends to.
CREATE SEQUENCE saved_views_id_seq START 1;

CREATE TABLE saved_views (
  id         INTEGER PRIMARY KEY,
  name       VARCHAR(200) NOT NULL,
  owner_id   INTEGER NOT NULL,
  shared     BOOLEAN NOT NULL DEFAULT FALSE,
  kind       VARCHAR(24) NOT NULL, -- PIVOT | QUERY | DASHBOARD_FILTER
  definition VARCHAR NOT NULL,     -- JSON text
  version    INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
  -- Name uniqueness per owner is checked by the service inside its transaction: DuckDB's unique
  -- indexes reject some UPDATEs that keep the same key.
);

CREATE SEQUENCE audit_events_id_seq START 1;

CREATE TABLE audit_events (
  id        BIGINT PRIMARY KEY,
  occurred_at TIMESTAMP NOT NULL,
  user_id   INTEGER,
  action    VARCHAR(64) NOT NULL,
  entity    VARCHAR(64) NOT NULL,
  entity_id VARCHAR(64) NOT NULL,
  before    VARCHAR,
  after     VARCHAR
);
