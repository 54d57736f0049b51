import type { Resolvers } from '../../generated/graphql.js';

export const authResolvers: Resolvers = {
  Query: {
    me: (_p, _a, ctx) => ctx.data.signedIn?.user ?? null,
  },
  Mutation: {
    login: async (_p, { email, password }, ctx) => {
      const { token, user } = await ctx.auth.login(email.trim().slice(0, 320), password.slice(0, 1024), ctx.session.address);
      ctx.session.set(token);
      return { user };
    },
    logout: async (_p, _a, ctx) => {
      await ctx.auth.logout(ctx.session.token);
      ctx.session.clear();
      return true;
    },
  },
  User: {
    id: (u) => String(u.id),
    scope: async (u, _a, ctx) => {
      const directory = await ctx.data.directory();
      return {
        categories: u.scopeCategoryIds.map((id) => directory.categoriesById.get(id)).filter((c) => c !== undefined),
        businessUnits: u.scopeBusinessUnitIds.map((id) => directory.businessUnitsById.get(id)).filter((b) => b !== undefined),
      };
    },
  },
};
