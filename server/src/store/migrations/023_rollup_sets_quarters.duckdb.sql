-- The supplier sets again at quarter × category × business unit (docs/rollups.md, "Supplier sets"):
-- a third of the rows of spend_rollup_sets, ORed from it at each rebuild. Requests that group or
-- filter time by calendar quarters or years only (or not at all) and count suppliers read these.
CREATE TABLE spend_rollup_sets_quarters (
  quarter          DATE NOT NULL,
  category_id      INTEGER,
  business_unit_id INTEGER NOT NULL,
  amount_reporting DECIMAL(18,2),
  quantity         DECIMAL(18,6),
  line_count       BIGINT NOT NULL,
  suppliers        BIT NOT NULL
);
