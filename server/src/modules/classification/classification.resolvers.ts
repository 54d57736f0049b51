import type { Resolvers } from '../../generated/graphql.js';

export const classificationResolvers: Resolvers = {
  Query: {
    classificationRules: (_p, _a, ctx) => ctx.classification.list(),
  },
  Mutation: {
    createClassificationRule: (_p, { input }, ctx) => ctx.classification.create(input),
    updateClassificationRule: (_p, { id, version, input }, ctx) => ctx.classification.update(id, version, input),
    deleteClassificationRule: (_p, { id, version }, ctx) => ctx.classification.remove(id, version),
    runClassificationRules: (_p, _a, ctx) => ctx.classification.run(),
    classifyLines: (_p, { lineIds, supplierId, categoryId }, ctx) => ctx.classification.classify(lineIds, supplierId, categoryId),
  },
  ClassificationRule: {
    id: (r) => String(r.id),
    supplierId: (r) => (r.supplierId === null ? null : String(r.supplierId)),
    glAccountId: (r) => (r.glAccountId === null ? null : String(r.glAccountId)),
    costCenterId: (r) => (r.costCenterId === null ? null : String(r.costCenterId)),
    category: async (r, _a, ctx) => (await ctx.data.directory()).categoriesById.get(r.categoryId)!,
  },
};
