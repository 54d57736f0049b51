-- Supplier search (docs/domain.md, "Finding suppliers"): one normalised key per supplier holding its
-- name, every alias and its tax id, so a search is one substring test over one column instead of
-- a join to the aliases and per-row folding of case and accents. Written by the server (the
-- normalising is lib/normalise.ts); rows left NULL here are filled when the server starts.
ALTER TABLE suppliers ADD COLUMN IF NOT EXISTS search_key VARCHAR;
