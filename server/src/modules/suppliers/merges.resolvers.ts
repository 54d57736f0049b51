import type { Resolvers } from '../../generated/graphql.js';

export const mergesResolvers: Resolvers = {
  Query: {
    supplierMergeSuggestions: (_p, { limit, minSimilarity }, ctx) => ctx.merges.suggestions(limit ?? 50, minSimilarity ?? 0.8),
    supplierMerges: (_p, _a, ctx) => ctx.merges.list(),
  },
  Mutation: {
    mergeSuppliers: (_p, { sourceId, targetId, sourceVersion, targetVersion }, ctx) => ctx.merges.merge(sourceId, targetId, { sourceVersion, targetVersion }),
    undoSupplierMerge: (_p, { id }, ctx) => ctx.merges.undo(id),
    dismissMergeSuggestion: (_p, { supplierA, supplierB }, ctx) => ctx.merges.dismiss(supplierA, supplierB),
    setSupplierParent: (_p, { id, parentId, version }, ctx) => ctx.merges.setParent(id, parentId, version),
  },
  SupplierMerge: {
    id: (m) => String(m.id),
    source: (m, _a, ctx) => ctx.suppliers.contractParty(m.sourceId),
    target: (m, _a, ctx) => ctx.suppliers.contractParty(m.targetId),
  },
};
