import type { Resolvers } from '../../generated/graphql.js';

export const organisationResolvers: Resolvers = {
  Query: {
    businessUnits: (_p, _a, ctx) => ctx.organisation.businessUnits(),
  },
  BusinessUnit: {
    id: (b) => String(b.id),
    parentId: (b) => (b.parentId === null ? null : String(b.parentId)),
    spend: (b, { filter }, ctx) => ctx.organisation.spend(b, filter),
  },
};
