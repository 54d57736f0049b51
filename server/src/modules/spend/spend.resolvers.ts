import type { Resolvers } from '../../generated/graphql.js';
import { selectedFields } from '../../graphql/selection.js';

export const spendResolvers: Resolvers = {
  Query: {
    spendCube: (_p, { query }, ctx) => ctx.spend.cube(query),
    spendSummary: (_p, { filter }, ctx) => ctx.spend.summary(filter),
    dataRange: (_p, _a, ctx) => ctx.spend.dataRange(),
    // Only the columns of the fields asked of each line are read.
    spendLines: (_p, { filter, sort, page }, ctx, info) => ctx.lines.list(filter, sort, page, selectedFields(info, ['nodes'])),
  },
};
