-- A file may give a line's posting date, quantity and unit price (docs/imports.md, "Optional
-- facts"); validation stages them with the rest of the row. NULL: the file did not give them.
ALTER TABLE import_rows ADD COLUMN posting_date DATE;
ALTER TABLE import_rows ADD COLUMN quantity DECIMAL(18,6);
ALTER TABLE import_rows ADD COLUMN unit_price DECIMAL(18,6);
