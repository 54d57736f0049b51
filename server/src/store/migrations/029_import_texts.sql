-- The distinct texts of a batch's staged rows, noted by validation as the rows go by (docs/imports.md,
-- "Speed"): supplier names, business-unit texts and category texts, a few thousand over a million
-- rows. The validation's outlook and the commit's look-ups read these instead of reading every
-- staged row again to find them (each such read took 0.2-0.6 s a million rows on PostgreSQL).
--   kind 'SUPPLIER': text_key = supplier_key, raw_name = raw_supplier_name, name = supplier_name
--   kind 'UNIT':     text_key = business_unit (NULL: rows with none)
--   kind 'CATEGORY': text_key = category (never NULL)
-- rows_n: the staged rows with that text. Kept, and removed, with the batch's staged rows.
CREATE TABLE import_texts (
  batch_id  INTEGER NOT NULL,
  kind      VARCHAR(8) NOT NULL,
  text_key  VARCHAR(2000),
  raw_name  VARCHAR(200),
  name      VARCHAR(200),
  rows_n    BIGINT NOT NULL
);

-- Batches validated before this version keep their staged rows: their texts are read from them once.
INSERT INTO import_texts (batch_id, kind, text_key, raw_name, name, rows_n)
SELECT batch_id, 'SUPPLIER', supplier_key, raw_supplier_name, supplier_name, COUNT(*) FROM import_rows
GROUP BY batch_id, supplier_key, raw_supplier_name, supplier_name;
INSERT INTO import_texts (batch_id, kind, text_key, raw_name, name, rows_n)
SELECT batch_id, 'UNIT', business_unit, NULL, NULL, COUNT(*) FROM import_rows GROUP BY batch_id, business_unit;
INSERT INTO import_texts (batch_id, kind, text_key, raw_name, name, rows_n)
SELECT batch_id, 'CATEGORY', category, NULL, NULL, COUNT(*) FROM import_rows WHERE category IS NOT NULL GROUP BY batch_id, category;
