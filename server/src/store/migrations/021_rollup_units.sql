-- A third rollup (docs/rollups.md): month × category × business unit with the contract and PO
-- flags, no supplier. Figures by business unit over a period (a unit × month matrix, a unit's
-- trend) read tens of thousands of rows here instead of the full rollup's million and more.
-- Rebuilt by the server from the full rollup, like the small one.
CREATE TABLE spend_rollup_units (
  month            DATE NOT NULL,
  category_id      INTEGER,
  business_unit_id INTEGER NOT NULL,
  on_contract      BOOLEAN NOT NULL,
  has_po           BOOLEAN NOT NULL,
  amount_reporting DECIMAL(18,2),
  quantity         DECIMAL(18,6),
  line_count       BIGINT NOT NULL
);
