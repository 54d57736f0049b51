-- The display currency's rollup (docs/rollups.md, "Display currency"): for each currency of the
-- FX table, the lines converted into it and rounded to the cent one by one before they are summed
-- (docs/domain.md, "Display currency"), at three grains told apart by `grain`: 0, the units
-- rollup's (month × category × business unit × on contract × PO), 1, the small rollup's
-- (month × category × supplier × on contract), and 2, that with the PO flag (the overview's
-- summary). A cube in a display currency reads these rows as one in the reporting currency
-- reads spend_rollup_units or spend_rollup_small. Rebuilt by the
-- server from the lines with the other rollups. Money as 64-bit decimals like the other rollups
-- (migration 014): summed as 128-bit integers, the cube over it took 1.6-1.75 times as long.
CREATE TABLE spend_rollup_display (
  currency         VARCHAR(3) NOT NULL,
  grain            SMALLINT NOT NULL,
  month            DATE NOT NULL,
  category_id      INTEGER,
  business_unit_id INTEGER,
  supplier_id      INTEGER,
  on_contract      BOOLEAN NOT NULL,
  has_po           BOOLEAN,
  amount_reporting DECIMAL(18,2),
  quantity         DECIMAL(18,6),
  line_count       BIGINT NOT NULL
);

-- PostgreSQL reads one currency's grain through this index (each currency's rows are written
-- together, so its pages are few); without it every request scanned all currencies and grains
-- (1M lines: the cubes in USD took 1.5-3.6 times the EUR ones). DuckDB skips the other rows by
-- its zone maps, the rows being written in that order.
CREATE INDEX spend_rollup_display_grain ON spend_rollup_display (currency, grain, month);
