import type { Resolvers } from '../../generated/graphql.js';

export const subscriptionsResolvers: Resolvers = {
  Query: {
    reportDeliverySettings: (_p, _a, ctx) => ctx.subscriptions.deliverySettings(),
    reportSubscriptions: (_p, { savedViewId }, ctx) => ctx.subscriptions.list(savedViewId),
    reportSubscription: (_p, { id }, ctx) => ctx.subscriptions.byId(id),
    reportDeliveries: (_p, { savedViewId, subscriptionId, limit }, ctx) => ctx.subscriptions.deliveries(savedViewId, subscriptionId, limit),
    reportRecipientCandidates: (_p, { savedViewId }, ctx) => ctx.subscriptions.recipientCandidates(savedViewId),
  },
  Mutation: {
    createReportSubscription: (_p, { input }, ctx) => ctx.subscriptions.create(input),
    updateReportSubscription: (_p, { id, version, input }, ctx) => ctx.subscriptions.update(id, version, input),
    pauseReportSubscription: (_p, { id }, ctx) => ctx.subscriptions.setPaused(id, true),
    resumeReportSubscription: (_p, { id }, ctx) => ctx.subscriptions.setPaused(id, false),
    deleteReportSubscription: (_p, { id }, ctx) => ctx.subscriptions.remove(id),
    sendReportSubscriptionNow: (_p, { id }, ctx) => ctx.subscriptions.sendNow(id),
  },
};
