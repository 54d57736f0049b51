-- A merge moves the merged supplier's family members to the supplier it is merged into; this
-- records each member's parent before, so undoing the merge puts them back (docs/domain.md,
-- "Matching suppliers").
CREATE TABLE supplier_merge_children (
  merge_id    INTEGER NOT NULL,
  supplier_id INTEGER NOT NULL,
  parent_id   INTEGER NOT NULL,
  PRIMARY KEY (merge_id, supplier_id)
);
