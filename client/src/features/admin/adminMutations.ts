import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';

// Root fields whose answers depend on which supplier or category a line has.
const spendRootFields = ['spendSummary', 'spendCube', 'spendLines', 'suppliers', 'supplier', 'categories', 'category'];

/** Drops cached answers that depend on which supplier or category a line has, or on their names. */
export function forgetSpend(cache: ApolloCache) {
  for (const fieldName of spendRootFields) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

const MergeSuppliersMutation = graphql(`
  mutation MergeSuppliers($sourceId: ID!, $targetId: ID!, $sourceVersion: Int, $targetVersion: Int) {
    mergeSuppliers(sourceId: $sourceId, targetId: $targetId, sourceVersion: $sourceVersion, targetVersion: $targetVersion) {
      id
      linesMoved
      ...MergeHistoryTable_merge
    }
  }
`);

const UndoSupplierMergeMutation = graphql(`
  mutation UndoSupplierMerge($id: ID!) {
    undoSupplierMerge(id: $id) {
      id
      ...MergeHistoryTable_merge
    }
  }
`);

const DismissMergeSuggestionMutation = graphql(`
  mutation DismissMergeSuggestion($supplierA: ID!, $supplierB: ID!) {
    dismissMergeSuggestion(supplierA: $supplierA, supplierB: $supplierB)
  }
`);

const SetSupplierParentMutation = graphql(`
  mutation SetSupplierParent($id: ID!, $parentId: ID, $version: Int) {
    setSupplierParent(id: $id, parentId: $parentId, version: $version) {
      id
      name
      version
      parent {
        id
        name
      }
    }
  }
`);

const mergeQueries = ['SupplierMergesPage'];

export function useMergeSuppliers() {
  return useMutation(MergeSuppliersMutation, { update: forgetSpend, refetchQueries: mergeQueries, awaitRefetchQueries: true });
}

export function useUndoSupplierMerge() {
  return useMutation(UndoSupplierMergeMutation, { update: forgetSpend, refetchQueries: mergeQueries, awaitRefetchQueries: true });
}

export function useDismissMergeSuggestion() {
  return useMutation(DismissMergeSuggestionMutation, { refetchQueries: mergeQueries, awaitRefetchQueries: true });
}

export function useSetSupplierParent() {
  return useMutation(SetSupplierParentMutation, { update: forgetSpend });
}

const CreateClassificationRuleMutation = graphql(`
  mutation CreateClassificationRule($input: ClassificationRuleInput!) {
    createClassificationRule(input: $input) {
      id
      ...RulesTable_rule
    }
  }
`);

const UpdateClassificationRuleMutation = graphql(`
  mutation UpdateClassificationRule($id: ID!, $version: Int!, $input: ClassificationRuleInput!) {
    updateClassificationRule(id: $id, version: $version, input: $input) {
      id
      ...RulesTable_rule
    }
  }
`);

const DeleteClassificationRuleMutation = graphql(`
  mutation DeleteClassificationRule($id: ID!, $version: Int) {
    deleteClassificationRule(id: $id, version: $version)
  }
`);

const RunClassificationRulesMutation = graphql(`
  mutation RunClassificationRules {
    runClassificationRules {
      ruleClassified
      unclassified
      changed
      durationMs
    }
  }
`);

const ClassifySupplierLinesMutation = graphql(`
  mutation ClassifySupplierLines($supplierId: ID!, $categoryId: ID) {
    classifyLines(supplierId: $supplierId, categoryId: $categoryId)
  }
`);

const ruleQueries = ['ClassificationPage'];

export function useCreateClassificationRule() {
  return useMutation(CreateClassificationRuleMutation, { refetchQueries: ruleQueries, awaitRefetchQueries: true });
}

export function useUpdateClassificationRule() {
  return useMutation(UpdateClassificationRuleMutation, { refetchQueries: ruleQueries, awaitRefetchQueries: true });
}

export function useDeleteClassificationRule() {
  return useMutation(DeleteClassificationRuleMutation, { refetchQueries: ruleQueries, awaitRefetchQueries: true });
}

export function useRunClassificationRules() {
  return useMutation(RunClassificationRulesMutation, { update: forgetSpend });
}

export function useClassifySupplierLines() {
  return useMutation(ClassifySupplierLinesMutation, { update: forgetSpend });
}

const CreateCategoryMutation = graphql(`
  mutation CreateCategory($input: CreateCategoryInput!) {
    createCategory(input: $input) {
      id
      code
      name
    }
  }
`);

const UpdateCategoryMutation = graphql(`
  mutation UpdateCategory($id: ID!, $version: Int!, $input: UpdateCategoryInput!) {
    updateCategory(id: $id, version: $version, input: $input) {
      id
      name
      level
      parentId
      version
    }
  }
`);

// A new or moved category changes the tree every picker shows and where spend rolls up.
const taxonomyQueries = ['TaxonomyPage', 'CategoryOptions'];

export function useCreateCategory() {
  return useMutation(CreateCategoryMutation, { update: forgetSpend, refetchQueries: taxonomyQueries, awaitRefetchQueries: true });
}

export function useUpdateCategory() {
  return useMutation(UpdateCategoryMutation, { update: forgetSpend, refetchQueries: taxonomyQueries, awaitRefetchQueries: true });
}

const SetFxRateMutation = graphql(`
  mutation SetFxRate($input: FxRateInput!) {
    setFxRate(input: $input) {
      rate {
        id
        version
        currency
        month
        rateToReporting
      }
      replaced
      linesConverted
    }
  }
`);

/** A month's rate: the lines of that month change their reporting amounts, so spend is read again. */
export function useSetFxRate() {
  return useMutation(SetFxRateMutation, { update: forgetSpend, refetchQueries: ['FxRatesPage'], awaitRefetchQueries: true });
}
