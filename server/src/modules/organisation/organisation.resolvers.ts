import type { Resolvers } from '../../generated/graphql.js';

export const organisationResolvers: Resolvers = {
  Query: {
    businessUnits: (_p, _a, ctx) => ctx.organisation.businessUnits(),
    costCenters: (_p, _a, ctx) => ctx.organisation.ledgerCodes('cost_centers'),
    glAccounts: (_p, _a, ctx) => ctx.organisation.ledgerCodes('gl_accounts'),
  },
  CostCenter: {
    id: (c) => String(c.id),
    businessUnitId: (c) => (c.businessUnitId === null ? null : String(c.businessUnitId)),
  },
  GlAccount: {
    id: (g) => String(g.id),
    businessUnitId: (g) => (g.businessUnitId === null ? null : String(g.businessUnitId)),
  },
  BusinessUnit: {
    id: (b) => String(b.id),
    parentId: (b) => (b.parentId === null ? null : String(b.parentId)),
    spend: (b, { filter }, ctx) => ctx.organisation.spend(b, filter),
  },
};
