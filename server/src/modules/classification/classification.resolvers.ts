import type { Resolvers } from '../../generated/graphql.js';
import { selectedFields } from '../../graphql/selection.js';

export const classificationResolvers: Resolvers = {
  Query: {
    classificationRules: (_p, _a, ctx) => ctx.classification.list(),
    classifierStatus: (_p, _a, ctx) => ctx.classifier.status(),
    classificationSuggestions: (_p, { filter, minConfidence, suggestions, page }, ctx, info) =>
      ctx.classifier.suggestions(filter, minConfidence, suggestions, page, selectedFields(info, ['nodes', 'line'])),
    classificationSuggestionGroups: (_p, { filter, minConfidence, suggestions, page }, ctx) => ctx.classifier.groups(filter, minConfidence, suggestions, page),
    classificationSuggestionBatches: (_p, _a, ctx) => ctx.classifier.batches(),
    classificationCoverage: (_p, { filter }, ctx) => ctx.classifier.coverage(filter),
    classificationActions: (_p, { page }, ctx) => ctx.classifier.actions(page),
    disputedRules: (_p, { minConfidence }, ctx) => ctx.classifier.disputedRules(minConfidence),
  },
  Mutation: {
    createClassificationRule: (_p, { input }, ctx) => ctx.classification.create(input),
    updateClassificationRule: (_p, { id, version, input }, ctx) => ctx.classification.update(id, version, input),
    deleteClassificationRule: (_p, { id, version }, ctx) => ctx.classification.remove(id, version),
    runClassificationRules: (_p, _a, ctx) => ctx.classification.run(),
    classifyLines: (_p, { lineIds, supplierId, categoryId }, ctx) => ctx.classification.classify(lineIds, supplierId, categoryId),
    acceptClassificationSuggestions: (_p, { input }, ctx) => ctx.classifier.accept(input),
    acceptClassificationSuggestionsAsRules: (_p, { input }, ctx) => ctx.classifier.acceptAsRules(input),
    rejectClassificationSuggestions: (_p, { input }, ctx) => ctx.classifier.reject(input),
    undoClassificationAction: (_p, { id }, ctx) => ctx.classifier.undo(id),
    retrainClassifier: (_p, _a, ctx) => ctx.classifier.retrain(),
    setAutoClassify: (_p, { enabled, threshold }, ctx) => ctx.classifier.setAutoClassify(enabled, threshold),
  },
  ClassificationRule: {
    id: (r) => String(r.id),
    supplierId: (r) => (r.supplierId === null ? null : String(r.supplierId)),
    glAccountId: (r) => (r.glAccountId === null ? null : String(r.glAccountId)),
    costCenterId: (r) => (r.costCenterId === null ? null : String(r.costCenterId)),
    category: async (r, _a, ctx) => (await ctx.data.directory()).categoriesById.get(r.categoryId)!,
  },
};
