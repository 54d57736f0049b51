-- Classification rules, and supplier merges that can be undone.
CREATE SEQUENCE classification_rules_id_seq START 1;

CREATE TABLE classification_rules (
  id                         INTEGER PRIMARY KEY,
  priority                   INTEGER NOT NULL,          -- lower runs first; the first match wins
  supplier_id                INTEGER,
  gl_account_id              INTEGER,
  cost_center_id             INTEGER,
  description_contains       VARCHAR(200),
  raw_supplier_name_matches  VARCHAR(200),               -- case-insensitive substring of the raw name
  category_id                INTEGER NOT NULL,
  enabled                    BOOLEAN NOT NULL DEFAULT TRUE,
  created_by                 INTEGER NOT NULL,
  version                    INTEGER NOT NULL DEFAULT 1,
  created_at                 TIMESTAMP NOT NULL,
  updated_at                 TIMESTAMP NOT NULL
);

CREATE SEQUENCE supplier_merges_id_seq START 1;

CREATE TABLE supplier_merges (
  id          INTEGER PRIMARY KEY,
  source_id   INTEGER NOT NULL,
  target_id   INTEGER NOT NULL,
  merged_by   INTEGER NOT NULL,
  merged_at   TIMESTAMP NOT NULL,
  undone_at   TIMESTAMP
);

-- Which lines and aliases a merge moved, so that undo moves exactly those back.
CREATE TABLE supplier_merge_lines (
  merge_id INTEGER NOT NULL,
  line_id  BIGINT NOT NULL
);

CREATE TABLE supplier_merge_aliases (
  merge_id INTEGER NOT NULL,
  raw_name VARCHAR(200) NOT NULL
);

-- Pairs a person said are not duplicates; never suggested again.
CREATE TABLE dismissed_merge_suggestions (
  supplier_a INTEGER NOT NULL,
  supplier_b INTEGER NOT NULL,
  dismissed_by INTEGER NOT NULL,
  dismissed_at TIMESTAMP NOT NULL,
  PRIMARY KEY (supplier_a, supplier_b)
);
