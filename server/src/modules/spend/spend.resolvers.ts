import type { Resolvers } from '../../generated/graphql.js';

export const spendResolvers: Resolvers = {
  Query: {
    spendCube: (_p, { query }, ctx) => ctx.spend.cube(query),
    spendSummary: (_p, { filter }, ctx) => ctx.spend.summary(filter),
    dataRange: (_p, _a, ctx) => ctx.spend.dataRange(),
  },
};
