import type { Resolvers } from '../../generated/graphql.js';

export const contractsResolvers: Resolvers = {
  Query: {
    contracts: (_p, { filter, page }, ctx) => ctx.contracts.list(filter, page),
    contract: (_p, { id }, ctx) => ctx.contracts.byId(id),
    contractOwners: (_p, _a, ctx) => ctx.contracts.owners(),
  },
  Mutation: {
    createContract: (_p, { input }, ctx) => ctx.contracts.create(input),
    updateContract: (_p, { id, version, input }, ctx) => ctx.contracts.update(id, version, input),
    activateContract: (_p, { id, version }, ctx) => ctx.contracts.activate(id, version),
    terminateContract: (_p, { id, version, reason, terminatedOn }, ctx) => ctx.contracts.terminate(id, version, reason, terminatedOn),
    deleteContract: (_p, { id, version }, ctx) => ctx.contracts.remove(id, version),
  },
  Contract: {
    id: (k) => String(k.id),
    // A contract in scope names its supplier even when that supplier has no spend in scope yet.
    supplier: (k, _a, ctx) => ctx.suppliers.contractParty(k.supplierId),
    status: (k, _a, ctx) => ctx.contracts.status(k),
    daysToExpiry: (k, _a, ctx) => ctx.contracts.daysToExpiry(k),
    spend: (k, _a, ctx) => ctx.contracts.spend(k),
    owner: async (k, _a, ctx) => {
      const owner = await ctx.contracts.owner(k);
      return owner && { id: String(owner.id), name: owner.name };
    },
    utilisation: (k, _a, ctx) => ctx.contracts.utilisation(k),
    leakage: (k, _a, ctx) => ctx.contracts.leakage(k),
    canEdit: (k, _a, ctx) => ctx.contracts.canEdit(k),
    categories: async (k, _a, ctx) => {
      const ids = await ctx.contracts.categoryIds(k);
      const visible = await ctx.categories.list(null);
      return visible.filter((c) => ids.includes(c.id));
    },
    businessUnits: async (k, _a, ctx) => ctx.organisation.byIds(await ctx.contracts.businessUnitIds(k)),
  },
  ContractOwner: {
    id: (o) => String(o.id),
  },
  ContractLeakage: {
    suppliers: (l, { limit }, ctx) => ctx.contracts.leakageSuppliers(l, limit),
  },
  ContractLeakageSupplier: {
    supplier: (r, _a, ctx) => ctx.suppliers.contractParty(r.supplierId),
  },
};
