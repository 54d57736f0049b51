-- Import validation and commit as durable jobs (docs/imports.md, "Jobs that survive their
-- process"): the process running one beats here; another takes over a job whose beat stopped.
CREATE TABLE import_jobs (
  batch_id INTEGER PRIMARY KEY,
  phase VARCHAR(20) NOT NULL,
  input TEXT,
  user_id INTEGER NOT NULL,
  owner VARCHAR(200) NOT NULL,
  rows_processed BIGINT NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 1,
  heartbeat_at TIMESTAMP NOT NULL,
  started_at TIMESTAMP NOT NULL
);
