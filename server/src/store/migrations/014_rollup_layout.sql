-- Rollup layout (docs/rollups.md): money in the rollups as 64-bit decimals, like the lines.
-- DECIMAL(38,2) is stored and summed as a 128-bit integer, which made a scan of the full rollup
-- slower than the lines it summarises. A month's sum for one rollup key stays far below 10^16;
-- were it ever above, the rebuild would fail and figures would come from the lines.
-- The tables hold nothing that the server does not rebuild at start, so they are made anew.
DROP TABLE spend_rollup;
DROP TABLE spend_rollup_small;

CREATE TABLE spend_rollup (
  month            DATE NOT NULL,
  category_id      INTEGER,
  business_unit_id INTEGER NOT NULL,
  supplier_id      INTEGER NOT NULL,
  contract_id      INTEGER,
  has_po           BOOLEAN NOT NULL,
  currency         VARCHAR NOT NULL,
  country_code     VARCHAR,
  amount_reporting DECIMAL(18,2),
  quantity         DECIMAL(18,6),
  line_count       BIGINT NOT NULL
);

CREATE TABLE spend_rollup_small (
  month            DATE NOT NULL,
  category_id      INTEGER,
  supplier_id      INTEGER NOT NULL,
  on_contract      BOOLEAN NOT NULL,
  amount_reporting DECIMAL(18,2),
  quantity         DECIMAL(18,6),
  line_count       BIGINT NOT NULL
);
