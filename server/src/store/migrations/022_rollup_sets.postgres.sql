-- A fourth rollup (docs/rollups.md, "Supplier sets"): month × category × business unit with, per
-- row, the set of suppliers its lines came from as a bit string (bit i: the supplier numbered i at
-- the rebuild). Distinct supplier counts at any subtotal level are then bit_count(bit_or(...))
-- over tens of thousands of rows, not COUNT(DISTINCT) over hundreds of thousands of partial rows.
-- Rebuilt by the server from the full rollup, and left empty when the sets would be too large.
CREATE TABLE spend_rollup_sets (
  month            DATE NOT NULL,
  category_id      INTEGER,
  business_unit_id INTEGER NOT NULL,
  amount_reporting DECIMAL(18,2),
  quantity         DECIMAL(18,6),
  line_count       BIGINT NOT NULL,
  suppliers        BIT VARYING NOT NULL
);
