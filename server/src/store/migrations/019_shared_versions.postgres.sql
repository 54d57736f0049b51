-- Counters the API processes on one PostgreSQL database share (docs/scale-out.md, "What the
-- processes share"). PostgreSQL only: a DuckDB file lives inside one process.
-- The marks start behind `spend`, so the first process builds the rollups and the price index.
CREATE TABLE shared_versions (name VARCHAR(20) PRIMARY KEY, value BIGINT NOT NULL);
INSERT INTO shared_versions (name, value) VALUES
  ('spend', 1), ('figures', 1), ('directory', 1), ('auth', 1), ('rollups_built', 0), ('prices_built', 0);
