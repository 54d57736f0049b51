-- The display currency's rollup (docs/rollups.md, "Display currency"): the units rollup's grain
-- (month × category × business unit × on contract × PO) once per currency of the FX table, each
-- line converted into that currency and rounded to the cent before it is summed
-- (docs/domain.md, "Display currency"), so a cube in a display currency reads these rows as the
-- reporting one reads spend_rollup_units. Rebuilt by the server from the lines with the others.
CREATE TABLE spend_rollup_display (
  currency         VARCHAR(3) NOT NULL,
  month            DATE NOT NULL,
  category_id      INTEGER,
  business_unit_id INTEGER NOT NULL,
  on_contract      BOOLEAN NOT NULL,
  has_po           BOOLEAN NOT NULL,
  amount_reporting DECIMAL(38,2),
  quantity         DECIMAL(38,6),
  line_count       BIGINT NOT NULL
);
