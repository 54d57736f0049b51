import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import { forgetSpend } from '../admin/adminMutations';

/** Spend split by how its lines were classified, under the screen's filter. */
export const ClassificationCoverageQuery = graphql(`
  query ClassificationCoverage($filter: SpendFilter) {
    classificationCoverage(filter: $filter) {
      ...CoverageBar_coverage
    }
  }
`);

export const ClassifierStatusQuery = graphql(`
  query ClassifierStatus {
    classifierStatus {
      ...ClassifierStatusCard_status
    }
  }
`);

export const ClassificationReviewGroupsQuery = graphql(`
  query ClassificationReviewGroups($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {
    classificationSuggestionGroups(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {
      nodes {
        ...SuggestionGroupsTable_group
      }
      totalCount
      totalLines
      totalAmount
      currency
    }
  }
`);

export const ClassificationGroupLinesQuery = graphql(`
  query ClassificationGroupLines($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {
    classificationSuggestions(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {
      nodes {
        ...GroupLinesTable_suggestion
      }
      totalCount
      totalAmount
      currency
    }
  }
`);

export const ClassificationActionsQuery = graphql(`
  query ClassificationActions($page: PageInput) {
    classificationActions(page: $page) {
      nodes {
        id
        ...DecisionsTable_action
      }
      totalCount
    }
  }
`);

export const DisputedRulesQuery = graphql(`
  query DisputedRules {
    disputedRules {
      ...DisputedRulesTable_dispute
    }
  }
`);

/** The import batches a suggestion filter can name (ADMIN and FINANCE may list them). */
export const ReviewImportBatchesQuery = graphql(`
  query ReviewImportBatches {
    classificationSuggestionBatches {
      id
      fileName
      sourceName
      committedAt
      lines
    }
  }
`);

const AcceptSuggestionsMutation = graphql(`
  mutation AcceptClassificationSuggestions($input: ClassificationDecisionInput!) {
    acceptClassificationSuggestions(input: $input) {
      id
      lines
      ...DecisionsTable_action
    }
  }
`);

const AcceptSuggestionsAsRulesMutation = graphql(`
  mutation AcceptClassificationSuggestionsAsRules($input: ClassificationDecisionInput!) {
    acceptClassificationSuggestionsAsRules(input: $input) {
      id
      lines
      ...DecisionsTable_action
    }
  }
`);

const RejectSuggestionsMutation = graphql(`
  mutation RejectClassificationSuggestions($input: ClassificationDecisionInput!) {
    rejectClassificationSuggestions(input: $input) {
      id
      lines
      ...DecisionsTable_action
    }
  }
`);

const UndoClassificationActionMutation = graphql(`
  mutation UndoClassificationAction($id: ID!) {
    undoClassificationAction(id: $id) {
      id
      lines
      restoredLines
      ...DecisionsTable_action
    }
  }
`);

const RetrainClassifierMutation = graphql(`
  mutation RetrainClassifier {
    retrainClassifier {
      ...ClassifierStatusCard_status
    }
  }
`);

const SetAutoClassifyMutation = graphql(`
  mutation SetAutoClassify($enabled: Boolean!, $threshold: Float) {
    setAutoClassify(enabled: $enabled, threshold: $threshold) {
      ...ClassifierStatusCard_status
    }
  }
`);

/** Everything on the review screen (and the rules tab) that a decision changes. */
const reviewQueries = [
  'ClassificationReviewGroups',
  'ClassificationGroupLines',
  'ClassificationCoverage',
  'ClassificationActions',
  'ClassifierStatus',
  'DisputedRules',
  'ClassificationPage',
];

// A decision changes lines' categories: every cached spend figure is stale.
const decided = { update: (cache: ApolloCache) => forgetSpend(cache), refetchQueries: reviewQueries, awaitRefetchQueries: true };

export function useAcceptSuggestions() {
  return useMutation(AcceptSuggestionsMutation, decided);
}

export function useAcceptSuggestionsAsRules() {
  return useMutation(AcceptSuggestionsAsRulesMutation, decided);
}

export function useRejectSuggestions() {
  return useMutation(RejectSuggestionsMutation, decided);
}

export function useUndoClassificationAction() {
  return useMutation(UndoClassificationActionMutation, decided);
}

export function useRetrainClassifier() {
  return useMutation(RetrainClassifierMutation, { refetchQueries: ['ClassificationReviewGroups', 'ClassificationGroupLines', 'DisputedRules'] });
}

export function useSetAutoClassify() {
  return useMutation(SetAutoClassifyMutation, decided);
}
