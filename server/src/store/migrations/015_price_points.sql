-- The unit-price index (docs/rollups.md, "The unit-price index"): every priced line once, with its
-- unit price and a bucket that orders it within its item, so unit-price variance finds each
-- item's benchmark by counting lines per bucket and sorting only the bucket that holds it. Like
-- the rollups, the server rebuilds these tables from spend_lines whenever spend changes and reads
-- them only while they match the lines.
CREATE TABLE price_items (
  item_id       INTEGER NOT NULL,
  item_category INTEGER NOT NULL,
  item          VARCHAR NOT NULL,
  low_price     DOUBLE PRECISION NOT NULL,
  high_price    DOUBLE PRECISION NOT NULL
);

CREATE TABLE price_points (
  item_bucket      INTEGER NOT NULL,
  id               BIGINT NOT NULL,
  unit_price       DOUBLE PRECISION NOT NULL,
  amount_reporting DECIMAL(18,2) NOT NULL,
  quantity         DECIMAL(18,6) NOT NULL,
  invoice_date     DATE NOT NULL,
  category_id      INTEGER,
  business_unit_id INTEGER,
  supplier_id      INTEGER,
  contract_id      INTEGER,
  has_po           BOOLEAN NOT NULL,
  currency         VARCHAR NOT NULL,
  country_code     VARCHAR
);

-- Lines, amount and quantity per month and item bucket: what counting per bucket reads when a
-- filter names only whole months and categories (about a tenth of price_points' rows).
CREATE TABLE price_buckets (
  month            DATE NOT NULL,
  item_bucket      INTEGER NOT NULL,
  category_id      INTEGER,
  line_count       BIGINT NOT NULL,
  amount_reporting DECIMAL(18,2) NOT NULL,
  quantity         DECIMAL(38,6) NOT NULL
);
