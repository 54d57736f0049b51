-- The import batch whose commit created a supplier or business unit (NULL: made any other way, or
-- before this version). Rolling that batch back removes the ones nothing else refers to any more
-- (docs/imports.md, "Rolling back").
ALTER TABLE suppliers ADD COLUMN created_batch_id INTEGER;
ALTER TABLE business_units ADD COLUMN created_batch_id INTEGER;
