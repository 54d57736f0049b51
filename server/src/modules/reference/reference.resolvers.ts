import type { Resolvers } from '../../generated/graphql.js';

export const referenceResolvers: Resolvers = {
  Query: {
    fxRates: (_p, { currency }, ctx) => ctx.reference.fxRates(currency),
    linesWithoutFxRate: (_p, { filter }, ctx) => (filter ? ctx.spend.linesWithoutFxRate(filter) : ctx.reference.linesWithoutFxRate()),
  },
  Mutation: {
    setFxRate: (_p, { input }, ctx) => ctx.reference.setFxRate(input),
  },
};
