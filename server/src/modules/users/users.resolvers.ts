import type { Resolvers } from '../../generated/graphql.js';

export const usersResolvers: Resolvers = {
  Query: {
    users: (_p, args, ctx) => ctx.users.list(args),
    user: (_p, { id }, ctx) => ctx.users.byId(id),
    scopeCoverage: (_p, { role, categoryIds, businessUnitIds }, ctx) => ctx.users.coverage(role, categoryIds, businessUnitIds),
    passwordLinkStatus: (_p, { token }, ctx) => ctx.users.linkStatus(token),
  },
  Mutation: {
    createUser: (_p, { input }, ctx) => ctx.users.create(input),
    updateUser: (_p, { id, version, input }, ctx) => ctx.users.update(id, version, input),
    disableUser: (_p, { id, version }, ctx) => ctx.users.disable(id, version),
    enableUser: (_p, { id, version }, ctx) => ctx.users.enable(id, version),
    resetUserPassword: (_p, { id, version, password }, ctx) => ctx.users.resetPassword(id, version, password),
    setPassword: (_p, { token, password }, ctx) => ctx.users.setPassword(token, password),
  },
};
