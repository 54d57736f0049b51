import type { Resolvers } from '../../generated/graphql.js';
import { listLimit } from './opportunities.service.js';

export const opportunitiesResolvers: Resolvers = {
  Query: {
    savingsOpportunities: (_p, { filter }, ctx) => ctx.opportunities.opportunities(filter),
  },
  FragmentationOpportunity: {
    categories: (o, { limit }) => o.categories.slice(0, listLimit(limit, 'limit')),
  },
  PriceVarianceOpportunity: {
    items: (o, { limit }) => o.items.slice(0, listLimit(limit, 'limit')),
  },
};
