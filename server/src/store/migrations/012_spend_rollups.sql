-- Spend rollups (docs/rollups.md): the lines pre-aggregated by month, rebuilt from spend_lines by
-- the server whenever spend changes and used only while they match the lines exactly.

-- Every column a cube request can filter or group on except cost centre, GL account and the text
-- of a line: month × category × business unit × supplier × contract × PO × currency × country.
CREATE TABLE spend_rollup (
  month            DATE NOT NULL,
  category_id      INTEGER,
  business_unit_id INTEGER NOT NULL,
  supplier_id      INTEGER NOT NULL,
  contract_id      INTEGER,
  has_po           BOOLEAN NOT NULL,
  currency         VARCHAR NOT NULL,
  country_code     VARCHAR,
  amount_reporting DECIMAL(38,2),
  quantity         DECIMAL(38,6),
  line_count       BIGINT NOT NULL
);

-- The category manager's grain, about a tenth of the above: month × category × supplier × on contract.
CREATE TABLE spend_rollup_small (
  month            DATE NOT NULL,
  category_id      INTEGER,
  supplier_id      INTEGER NOT NULL,
  on_contract      BOOLEAN NOT NULL,
  amount_reporting DECIMAL(38,2),
  quantity         DECIMAL(38,6),
  line_count       BIGINT NOT NULL
);
