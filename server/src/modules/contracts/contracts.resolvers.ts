import type { Resolvers } from '../../generated/graphql.js';

export const contractsResolvers: Resolvers = {
  Query: {
    contracts: (_p, { filter, page }, ctx) => ctx.contracts.list(filter, page),
    contract: (_p, { id }, ctx) => ctx.contracts.byId(id),
  },
  Contract: {
    id: (k) => String(k.id),
    // A contract in scope names its supplier even when that supplier has no spend in scope yet.
    supplier: (k, _a, ctx) => ctx.suppliers.contractParty(k.supplierId),
    status: (k, _a, ctx) => ctx.contracts.status(k),
    daysToExpiry: (k, _a, ctx) => ctx.contracts.daysToExpiry(k),
    spend: (k, _a, ctx) => ctx.contracts.spend(k),
    categories: async (k, _a, ctx) => {
      const ids = await ctx.contracts.categoryIds(k);
      const visible = await ctx.categories.list(null);
      return visible.filter((c) => ids.includes(c.id));
    },
    businessUnits: async (k, _a, ctx) => ctx.organisation.byIds(await ctx.contracts.businessUnitIds(k)),
  },
};
