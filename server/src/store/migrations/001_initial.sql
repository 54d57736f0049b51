-- Spendscope initial schema. Kept to the SQL subset DuckDB and PostgreSQL share.
-- Money is DECIMAL(18,2); rates and unit prices DECIMAL(18,6).

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  email         VARCHAR(320) NOT NULL UNIQUE,
  name          VARCHAR(200) NOT NULL,
  role          VARCHAR(32)  NOT NULL,
  password_hash VARCHAR(200) NOT NULL,
  disabled_at   TIMESTAMP,
  version       INTEGER NOT NULL DEFAULT 1,
  created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- A user's data scope: category ids (category managers) or business-unit ids (viewers).
CREATE TABLE user_scopes (
  user_id INTEGER NOT NULL,
  kind    VARCHAR(16) NOT NULL, -- CATEGORY | BUSINESS_UNIT
  ref_id  INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind, ref_id)
);

-- Sessions live in the database so that restarts and several processes share them.
CREATE TABLE sessions (
  token_hash   VARCHAR(64) PRIMARY KEY,
  user_id      INTEGER NOT NULL,
  created_at   TIMESTAMP NOT NULL,
  last_seen_at TIMESTAMP NOT NULL
);

CREATE TABLE login_attempts (
  attempted_at TIMESTAMP NOT NULL,
  email     VARCHAR(320) NOT NULL,
  address   VARCHAR(64) NOT NULL,
  succeeded BOOLEAN NOT NULL
);

CREATE TABLE business_units (
  id         INTEGER PRIMARY KEY,
  code       VARCHAR(32) NOT NULL UNIQUE,
  name       VARCHAR(200) NOT NULL,
  parent_id  INTEGER,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE cost_centers (
  id               INTEGER PRIMARY KEY,
  code             VARCHAR(32) NOT NULL UNIQUE,
  name             VARCHAR(200) NOT NULL,
  business_unit_id INTEGER NOT NULL,
  created_at       TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at       TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE gl_accounts (
  id               INTEGER PRIMARY KEY,
  code             VARCHAR(32) NOT NULL UNIQUE,
  name             VARCHAR(200) NOT NULL,
  business_unit_id INTEGER,
  created_at       TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at       TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- l1_id..l4_id denormalise the path so that CATEGORY_Ln is one join, not a recursive walk.
CREATE TABLE categories (
  id            INTEGER PRIMARY KEY,
  code          VARCHAR(64) NOT NULL UNIQUE,
  name          VARCHAR(200) NOT NULL,
  parent_id     INTEGER,
  level         INTEGER NOT NULL,
  l1_id         INTEGER NOT NULL,
  l2_id         INTEGER,
  l3_id         INTEGER,
  l4_id         INTEGER,
  owner_user_id INTEGER,
  naics_code    VARCHAR(6),
  version       INTEGER NOT NULL DEFAULT 1,
  created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE suppliers (
  id              INTEGER PRIMARY KEY,
  name            VARCHAR(200) NOT NULL,
  normalized_name VARCHAR(200) NOT NULL,
  parent_id       INTEGER,
  country_code    VARCHAR(2),
  tax_id          VARCHAR(64) UNIQUE,
  status          VARCHAR(16) NOT NULL DEFAULT 'ACTIVE',
  merged_into_id  INTEGER,
  version         INTEGER NOT NULL DEFAULT 1,
  created_at      TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at      TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE supplier_aliases (
  supplier_id INTEGER NOT NULL,
  raw_name    VARCHAR(200) NOT NULL,
  PRIMARY KEY (supplier_id, raw_name)
);

CREATE TABLE contracts (
  id                 INTEGER PRIMARY KEY,
  number             VARCHAR(64) NOT NULL UNIQUE,
  title              VARCHAR(300) NOT NULL,
  supplier_id        INTEGER NOT NULL,
  start_date         DATE NOT NULL,
  end_date           DATE NOT NULL,
  ceiling            DECIMAL(18,2) NOT NULL,
  currency           VARCHAR(3) NOT NULL,
  status             VARCHAR(16) NOT NULL, -- DRAFT | ACTIVE | TERMINATED (EXPIRING/EXPIRED are derived)
  owner_user_id      INTEGER,
  payment_terms_days INTEGER NOT NULL DEFAULT 30,
  renewal            VARCHAR(8) NOT NULL DEFAULT 'NONE',
  notice_days        INTEGER NOT NULL DEFAULT 0,
  terminated_at      TIMESTAMP,
  termination_reason VARCHAR(500),
  version            INTEGER NOT NULL DEFAULT 1,
  created_at         TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at         TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE contract_categories (
  contract_id INTEGER NOT NULL,
  category_id INTEGER NOT NULL,
  PRIMARY KEY (contract_id, category_id)
);

CREATE TABLE contract_business_units (
  contract_id      INTEGER NOT NULL,
  business_unit_id INTEGER NOT NULL,
  PRIMARY KEY (contract_id, business_unit_id)
);

CREATE TABLE fx_rates (
  currency          VARCHAR(3) NOT NULL,
  month             DATE NOT NULL,
  rate_to_reporting DECIMAL(18,6) NOT NULL,
  created_at        TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at        TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (currency, month)
);

CREATE TABLE import_batches (
  id           INTEGER PRIMARY KEY,
  file_name    VARCHAR(500) NOT NULL,
  source_name  VARCHAR(200) NOT NULL,
  format       VARCHAR(16) NOT NULL,
  status       VARCHAR(16) NOT NULL,
  row_count    BIGINT NOT NULL DEFAULT 0,
  total_amount DECIMAL(18,2) NOT NULL DEFAULT 0,
  uploaded_by  INTEGER,
  committed_at TIMESTAMP,
  created_at   TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at   TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- The fact table. No key index: on tens of millions of rows DuckDB's ART index costs load time
-- and memory while scans do not need it; ids come from the generator or the import batch.
CREATE TABLE spend_lines (
  id                     BIGINT NOT NULL,
  import_batch_id        INTEGER NOT NULL,
  source_ref             VARCHAR(100) NOT NULL,
  invoice_date           DATE NOT NULL,
  posting_date           DATE NOT NULL,
  supplier_id            INTEGER NOT NULL,
  raw_supplier_name      VARCHAR(200) NOT NULL,
  category_id            INTEGER,
  classification_source  VARCHAR(8) NOT NULL, -- RULE | MANUAL | SOURCE | NONE
  classification_rule_id INTEGER,
  business_unit_id       INTEGER NOT NULL,
  cost_center_id         INTEGER,
  gl_account_id          INTEGER,
  description            VARCHAR(500),
  quantity               DECIMAL(18,6),
  unit_price             DECIMAL(18,6),
  amount                 DECIMAL(18,2) NOT NULL,
  currency               VARCHAR(3) NOT NULL,
  amount_reporting       DECIMAL(18,2) NOT NULL,
  contract_id            INTEGER,
  po_number              VARCHAR(64),
  country_code           VARCHAR(2),
  created_at             TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at             TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
