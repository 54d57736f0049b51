import type { Resolvers } from '../../generated/graphql.js';

export const viewsResolvers: Resolvers = {
  Query: {
    savedViews: (_p, { kind }, ctx) => ctx.views.list(kind),
    savedView: (_p, { id }, ctx) => ctx.views.byId(id),
  },
  Mutation: {
    createSavedView: (_p, { input }, ctx) => ctx.views.create(input),
    updateSavedView: (_p, { id, version, input }, ctx) => ctx.views.update(id, version, input),
    deleteSavedView: (_p, { id }, ctx) => ctx.views.remove(id),
  },
  SavedView: {
    id: (v) => String(v.id),
    ownerId: (v) => String(v.ownerId),
    editable: (v, _a, ctx) => ctx.views.editable(v),
    period: (v, _a, ctx) => ctx.views.period(v),
  },
};
