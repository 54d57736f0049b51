-- A line's source reference is staged up to 200 characters (import_rows.source_ref) and written to
-- spend_lines as it is: an Open Contracting payment's reference is its release's ocid and the
-- payment's id, often longer than 100. PostgreSQL enforces the declared length (DuckDB does not, so
-- such references have always been stored whole there): the column takes the staged length.
ALTER TABLE spend_lines ALTER COLUMN source_ref TYPE VARCHAR(200);
