-- The item a line buys, as the unit-price variance opportunity compares items (docs/domain.md,
-- savings opportunities): its description lower-cased without outer spaces. Stored, because
-- working it out per line on every request cost most of that opportunity's time. Lines written
-- by a path that does not fill it are filled at the next start, and the queries fall back to the
-- description meanwhile, so a missing key is slower, never different.
ALTER TABLE spend_lines ADD COLUMN item_key VARCHAR;
UPDATE spend_lines SET item_key = lower(trim(description)) WHERE description IS NOT NULL;
