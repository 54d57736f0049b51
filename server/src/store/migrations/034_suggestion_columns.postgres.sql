-- The review queue reads the live model's suggestions without joining them to the lines
-- (docs/classification-model.md, "Speed and memory"): each suggestion keeps a copy of the line's
-- columns the queue filters, sorts and groups on, written when the line is scored and kept in step
-- by every statement that changes them; a suggestion is deleted in the transaction that classifies
-- its line. Suggestions stored before this migration get their copies here, and those whose line
-- was classified meanwhile go.
ALTER TABLE line_suggestions ADD COLUMN amount_reporting DECIMAL(18,2);
ALTER TABLE line_suggestions ADD COLUMN supplier_id INTEGER;
ALTER TABLE line_suggestions ADD COLUMN business_unit_id INTEGER;
ALTER TABLE line_suggestions ADD COLUMN invoice_date DATE;
ALTER TABLE line_suggestions ADD COLUMN import_batch_id INTEGER;
UPDATE line_suggestions AS g SET amount_reporting = s.amount_reporting, supplier_id = s.supplier_id, business_unit_id = s.business_unit_id,
  invoice_date = s.invoice_date, import_batch_id = s.import_batch_id
FROM spend_lines s WHERE s.id = g.line_id;
DELETE FROM line_suggestions WHERE NOT EXISTS (
  SELECT 1 FROM spend_lines s WHERE s.id = line_suggestions.line_id AND s.classification_source = 'NONE');
-- A page of the queue is the live version's largest suggestions first; a group's lines are found by
-- supplier and suggested category. DuckDB scans the table (034_suggestion_columns.duckdb.sql).
-- (NULLS LAST as the page sorts: PostgreSQL's DESC puts NULLs first, and an index in the other
-- order is not used for the page's ORDER BY.) The planner is told how few (supplier, category)
-- pairs there are, so the groups page hashes them instead of sorting every suggestion.
CREATE INDEX line_suggestions_queue ON line_suggestions (model_version, amount_reporting DESC NULLS LAST, line_id);
CREATE INDEX line_suggestions_group ON line_suggestions (model_version, supplier_id, category_id);
CREATE STATISTICS line_suggestions_pairs (ndistinct) ON supplier_id, category_id FROM line_suggestions;
