-- A file may give the country a line was bought in (docs/imports.md, "Optional facts"): staged with
-- the row and written to spend_lines.country_code at the commit. NULL: the file did not give it.
ALTER TABLE import_rows ADD COLUMN country_code VARCHAR(2);
