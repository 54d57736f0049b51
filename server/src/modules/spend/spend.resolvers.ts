import type { Resolvers } from '../../generated/graphql.js';

export const spendResolvers: Resolvers = {
  Query: {
    spendCube: (_p, { query }, ctx) => ctx.spend.cube(query),
    spendSummary: (_p, { filter }, ctx) => ctx.spend.summary(filter),
    dataRange: (_p, _a, ctx) => ctx.spend.dataRange(),
    spendLines: (_p, { filter, sort, page }, ctx) => ctx.lines.list(filter, sort, page),
  },
};
