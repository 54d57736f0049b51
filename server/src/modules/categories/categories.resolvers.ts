import type { Resolvers } from '../../generated/graphql.js';

export const categoriesResolvers: Resolvers = {
  Query: {
    categories: (_p, { level }, ctx) => ctx.categories.list(level),
    category: (_p, { id }, ctx) => ctx.categories.byId(id),
    categoryTree: (_p, { filter }, ctx) => ctx.categories.tree(filter),
  },
  Category: {
    id: (c) => String(c.id),
    parentId: (c) => (c.parentId === null ? null : String(c.parentId)),
    parent: (c, _a, ctx) => ctx.categories.parent(c),
    children: (c, _a, ctx) => ctx.categories.children(c),
    spend: (c, { filter }, ctx) => ctx.categories.spend(c, filter),
    ownerUserId: (c) => (c.ownerUserId === null ? null : String(c.ownerUserId)),
    ownerName: (c, _a, ctx) => ctx.categories.ownerName(c),
    ancestors: (c, _a, ctx) => ctx.categories.ancestors(c),
    figures: (c, { filter }, ctx) => ctx.categories.figures(c, filter),
    contracts: (c, { page }, ctx) => ctx.categories.contractsCovering(c, page),
  },
};
