import type { Resolvers } from '../../generated/graphql.js';

export const suppliersResolvers: Resolvers = {
  Query: {
    suppliers: (_p, { search, filter, supplierFilter, sort, page }, ctx) => ctx.suppliers.list(search, filter, supplierFilter, sort, page),
    supplierCountries: (_p, { filter }, ctx) => ctx.suppliers.countries(filter),
    supplier: (_p, { id }, ctx) => ctx.suppliers.byId(id),
    suppliersByIds: (_p, { ids }, ctx) => ctx.suppliers.byIds(ids),
  },
  Mutation: {
    blockSupplier: (_p, { id, version, reason }, ctx) => ctx.suppliers.setBlocked(id, version, true, reason),
    updateSupplier: (_p, { id, version, input }, ctx) => ctx.suppliers.update(id, version, input),
    unblockSupplier: (_p, { id, version, reason }, ctx) => ctx.suppliers.setBlocked(id, version, false, reason),
  },
  Supplier: {
    id: (s) => String(s.id),
    mergedInto: (s, _a, ctx) => ctx.suppliers.related(s.mergedIntoId),
    parent: (s, _a, ctx) => ctx.suppliers.related(s.parentId),
    children: (s, _a, ctx) => ctx.suppliers.children(s),
    aliases: (s, _a, ctx) => ctx.suppliers.aliases(s),
    spend: (s, { filter }, ctx) => ctx.suppliers.spend(s, filter),
    summary: (s, { filter }, ctx) => ctx.suppliers.summary(s, filter),
    monthlySpend: (s, { filter }, ctx) => ctx.suppliers.monthlySpend(s, filter),
    categorySpend: (s, { filter }, ctx) => ctx.suppliers.categorySpend(s, filter),
    businessUnitSpend: (s, { filter }, ctx) => ctx.suppliers.businessUnitSpend(s, filter),
    aliasUsage: (s, { filter }, ctx) => ctx.suppliers.aliasUsage(s, filter),
    family: (s, { filter }, ctx) => ctx.suppliers.family(s, filter),
  },
};
