-- Imports: what a batch learned from its file, its validation outcome, staged rows awaiting
-- commit, row problems, and the column mapping remembered per source.
ALTER TABLE import_batches ADD COLUMN mapping VARCHAR;
ALTER TABLE import_batches ADD COLUMN headers VARCHAR;
ALTER TABLE import_batches ADD COLUMN encoding VARCHAR(32);
ALTER TABLE import_batches ADD COLUMN delimiter VARCHAR(4);
ALTER TABLE import_batches ADD COLUMN header_row INTEGER;
ALTER TABLE import_batches ADD COLUMN default_currency VARCHAR(3);
ALTER TABLE import_batches ADD COLUMN file_path VARCHAR(1000);
ALTER TABLE import_batches ADD COLUMN file_size BIGINT;
ALTER TABLE import_batches ADD COLUMN accepted_count BIGINT DEFAULT 0;
ALTER TABLE import_batches ADD COLUMN rejected_count BIGINT DEFAULT 0;
ALTER TABLE import_batches ADD COLUMN warning_count BIGINT DEFAULT 0;
ALTER TABLE import_batches ADD COLUMN duplicate_count BIGINT DEFAULT 0;
ALTER TABLE import_batches ADD COLUMN source_totals VARCHAR;
ALTER TABLE import_batches ADD COLUMN notes VARCHAR;
ALTER TABLE import_batches ADD COLUMN failure VARCHAR(2000);
ALTER TABLE import_batches ADD COLUMN rolled_back_at TIMESTAMP;
ALTER TABLE import_batches ADD COLUMN version INTEGER DEFAULT 1;

-- A line whose currency has no rate for its month keeps a NULL reporting amount (docs/domain.md: flagged,
-- not silently converted); sums in the reporting currency leave it out until a rate exists.
ALTER TABLE spend_lines ALTER COLUMN amount_reporting DROP NOT NULL;

-- Demo data uses batch 1; new batches are numbered from here.
CREATE SEQUENCE import_batches_id_seq START 2;

-- Rows that passed validation, waiting for commit; removed on commit or discard.
CREATE TABLE import_rows (
  batch_id          INTEGER NOT NULL,
  row_number        BIGINT NOT NULL,
  invoice_date      DATE NOT NULL,
  amount            DECIMAL(18,2) NOT NULL,
  currency          VARCHAR(3) NOT NULL,
  amount_reporting  DECIMAL(18,2), -- NULL: no FX rate for the line's month (flagged, never guessed)
  supplier_key      VARCHAR(200) NOT NULL,
  supplier_name     VARCHAR(200) NOT NULL,
  raw_supplier_name VARCHAR(200) NOT NULL,
  description       VARCHAR(2000),
  category          VARCHAR(2000),
  business_unit     VARCHAR(2000),
  cost_center       VARCHAR(2000),
  gl_account        VARCHAR(2000),
  source_ref        VARCHAR(200) NOT NULL,
  po_number         VARCHAR(2000)
);

CREATE TABLE import_problems (
  batch_id    INTEGER NOT NULL,
  row_number  BIGINT NOT NULL,
  severity    VARCHAR(8) NOT NULL, -- ERROR | WARNING
  column_name VARCHAR(2000),
  code        VARCHAR(32) NOT NULL,
  message     VARCHAR(2000) NOT NULL,
  raw_value   VARCHAR(2000)
);

-- The mapping a source's files use, so the next file from the same publisher maps itself.
CREATE TABLE source_mappings (
  source_name      VARCHAR(200) PRIMARY KEY,
  headers          VARCHAR NOT NULL,
  mapping          VARCHAR NOT NULL,
  default_currency VARCHAR(3),
  updated_at       TIMESTAMP NOT NULL
);
