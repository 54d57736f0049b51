-- Imports that never overstate or drop spend (docs/imports.md).

-- The source's own category text, kept on the line whether or not it matched a taxonomy node,
-- so classification rules can match on it.
ALTER TABLE import_rows ADD COLUMN source_category VARCHAR(200);
ALTER TABLE spend_lines ADD COLUMN source_category VARCHAR(200);
ALTER TABLE classification_rules ADD COLUMN source_category_contains VARCHAR(200);

-- How a batch's default currency was decided (CHOSEN, AMOUNT_SYMBOLS, SAVED_FOR_SOURCE,
-- HEADER_VOCABULARY, SUPPLIER_LEGAL_FORMS); NULL while it is unknown.
ALTER TABLE import_batches ADD COLUMN currency_basis VARCHAR(32);
ALTER TABLE import_batches ADD COLUMN contract_count BIGINT DEFAULT 0;

-- Open Contracting contracts and awards are commitments: they land in contracts, keyed by a
-- reference stable across releases (ocid/contract/<id>), so a later release updates the row.
ALTER TABLE contracts ADD COLUMN source_ref VARCHAR(400);
ALTER TABLE contracts ADD COLUMN ocid VARCHAR(200);
ALTER TABLE contracts ADD COLUMN import_batch_id INTEGER;
-- For a contract, the award it implements (ocid/award/<id>): that award is not a second commitment.
ALTER TABLE contracts ADD COLUMN award_ref VARCHAR(400);

CREATE TABLE import_contracts (
  batch_id      INTEGER NOT NULL,
  source_ref    VARCHAR(400) NOT NULL,
  award_ref     VARCHAR(400),
  ocid          VARCHAR(200) NOT NULL,
  number        VARCHAR(64) NOT NULL,
  title         VARCHAR(300) NOT NULL,
  supplier_key  VARCHAR(200) NOT NULL,
  supplier_name VARCHAR(200) NOT NULL,
  start_date    DATE NOT NULL,
  end_date      DATE NOT NULL,
  ceiling       DECIMAL(18,2) NOT NULL,
  currency      VARCHAR(3) NOT NULL,
  status        VARCHAR(16) NOT NULL
);
