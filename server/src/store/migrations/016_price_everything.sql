-- The unit-price variance of every line, worked out once per rebuild of the unit-price index
-- (docs/rollups.md, "Whole items"): per item, its benchmark over all its lines and the lines
-- above it, for the rules the server runs with. It answers a request with no dates whose filter
-- and scope name categories at most (an item is a category and a description, so such a filter
-- keeps whole items); any other request counts the buckets.
CREATE TABLE price_everything (
  item_id         INTEGER NOT NULL,
  item_bucket     INTEGER NOT NULL,
  item_category   INTEGER NOT NULL,
  item            VARCHAR NOT NULL,
  benchmark       DOUBLE PRECISION NOT NULL,
  benchmark_price DECIMAL(18,6) NOT NULL,
  lines           BIGINT NOT NULL,
  spend           DECIMAL(38,2),
  quantity        DECIMAL(38,6),
  above           BIGINT NOT NULL
);
