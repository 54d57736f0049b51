-- The feature sets of the unclassified lines a model version scored, once per distinct set, with
-- the categories people rejected for them and the version's suggestion (docs/domain.md,
-- "Classification"): scoring predicts each set once and joins the lines to their set in the engine,
-- and the review queue's reasons are explained from them without looking up the lines.
-- `feature_id` is a set's number within its model version; a line scored again on its own (after
-- a reject or an undo) has a set of its own numbered minus its line id.
CREATE TABLE suggestion_features (
  model_version     INTEGER NOT NULL,
  feature_id        BIGINT NOT NULL,
  supplier_id       INTEGER,
  family_id         INTEGER,
  raw_supplier_name VARCHAR(200),
  description       VARCHAR(500),
  source_category   VARCHAR(200),
  gl_account_id     INTEGER,
  cost_center_id    INTEGER,
  business_unit_id  INTEGER,
  band              INTEGER,
  rejected          VARCHAR(2000),
  category_id       INTEGER,
  confidence        DECIMAL(5,4),
  alternatives      VARCHAR(120)
);
ALTER TABLE line_suggestions ADD COLUMN feature_id BIGINT;
-- Suggestions stored before: each line's own set.
INSERT INTO suggestion_features (model_version, feature_id, supplier_id, family_id, raw_supplier_name, description, source_category,
  gl_account_id, cost_center_id, business_unit_id, band)
SELECT g.model_version, -s.id, s.supplier_id, sup.parent_id, s.raw_supplier_name, s.description,
  CASE WHEN s.classification_source = 'SOURCE' THEN NULL ELSE s.source_category END, s.gl_account_id, s.cost_center_id, s.business_unit_id,
  CASE WHEN s.amount_reporting IS NULL THEN NULL WHEN s.amount_reporting < 0 THEN 0 WHEN s.amount_reporting < 100 THEN 1
    WHEN s.amount_reporting < 500 THEN 2 WHEN s.amount_reporting < 2000 THEN 3 WHEN s.amount_reporting < 10000 THEN 4
    WHEN s.amount_reporting < 100000 THEN 5 ELSE 6 END
FROM line_suggestions g JOIN spend_lines s ON s.id = g.line_id LEFT JOIN suppliers sup ON sup.id = s.supplier_id;
UPDATE line_suggestions SET feature_id = -line_id;
CREATE INDEX suggestion_features_version ON suggestion_features (model_version, feature_id);
