-- Sign-in attempts are reserved before the password is checked (docs/security.md): the row is
-- written as a failure first and marked succeeded afterwards, so the id names the row to mark.
-- Rows from before this migration have no id; they never need marking.
ALTER TABLE login_attempts ADD COLUMN attempt_id VARCHAR(36);
