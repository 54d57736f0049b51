-- A block-range index on the lines' batch (PostgreSQL only). A commit appends a batch's lines
-- together, so each range of pages holds the lines of one batch or a few, and the index is a
-- few pages that a write barely notices. Reading one batch's lines (a commit's repeats check,
-- its rules and totals; a roll back) then reads those pages, not every line: with 10M lines in
-- the database the check took 10-12 s per chunk of a commit (docs/imports.md, "Speed").
-- Ranges written since the index was last summarised are read by every scan until they are:
-- bulk writes summarise them with their statistics (store/dialect.ts, refreshStatistics).
-- DuckDB skips row groups by their min/max batch by itself.
CREATE INDEX spend_lines_batch ON spend_lines USING brin (import_batch_id) WITH (pages_per_range = 32, autosummarize = on);
