-- A key index on the lines' id, on PostgreSQL only (DuckDB goes without one: 001_initial.sql).
-- A page of lines picks its ids first and then reads those lines by id. PostgreSQL estimates a
-- page near the end of the list (OFFSET close to the row count) at one row, and with no index on
-- id it then re-read the whole table for every id of the page: 30 s for the third 8,316-line page
-- of 23,000 lines. With the index each id is one look-up. Writes by id (a classification by hand,
-- a merge's moved lines) find their lines the same way.
ALTER TABLE spend_lines ADD CONSTRAINT spend_lines_pkey PRIMARY KEY (id);
