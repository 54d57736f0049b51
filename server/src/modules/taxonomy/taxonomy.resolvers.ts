import type { Resolvers } from '../../generated/graphql.js';

export const taxonomyResolvers: Resolvers = {
  Mutation: {
    createCategory: (_p, { input }, ctx) => ctx.taxonomy.create(input),
    updateCategory: (_p, { id, version, input }, ctx) => ctx.taxonomy.update(id, version, input),
  },
  Category: {
    version: (c, _a, ctx) => ctx.taxonomy.version(c),
    owner: (c, _a, ctx) => ctx.taxonomy.owner(c),
  },
};
