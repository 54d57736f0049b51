import type { Resolvers } from '../../generated/graphql.js';

export const suppliersResolvers: Resolvers = {
  Query: {
    suppliers: (_p, { search, filter, sort, page }, ctx) => ctx.suppliers.list(search, filter, sort, page),
    supplier: (_p, { id }, ctx) => ctx.suppliers.byId(id),
  },
  Supplier: {
    id: (s) => String(s.id),
    parent: (s, _a, ctx) => ctx.suppliers.related(s.parentId),
    aliases: (s, _a, ctx) => ctx.suppliers.aliases(s),
    spend: (s, { filter }, ctx) => ctx.suppliers.spend(s, filter),
  },
};
