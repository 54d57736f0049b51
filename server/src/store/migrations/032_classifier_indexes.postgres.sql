-- The review queue reads the live model's suggestions and the unclassified lines they belong to
-- (docs/domain.md, "Classification"); undo reads an action's lines. DuckDB scans these by itself.
CREATE INDEX line_suggestions_version_line ON line_suggestions (model_version, line_id);
CREATE INDEX line_rejections_line ON line_rejections (line_id);
CREATE INDEX classification_action_lines_action ON classification_action_lines (action_id);
CREATE INDEX spend_lines_unclassified ON spend_lines (id) WHERE classification_source = 'NONE';
