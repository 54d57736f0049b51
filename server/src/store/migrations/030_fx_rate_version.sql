-- A rate is a mutable entity like the others: it carries an integer version, one more with every
-- change, so two people editing one month's rate cannot overwrite each other unseen
-- (docs/domain.md, "Spend lines and money"). Rates stored before start at 1.
ALTER TABLE fx_rates ADD COLUMN version INTEGER DEFAULT 1;
UPDATE fx_rates SET version = 1 WHERE version IS NULL;
