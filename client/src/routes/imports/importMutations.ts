import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';

// Every mutation answers with the whole batch as the page shows it, so the page updates from the cache.
const ValidateImportMutation = graphql(`
  mutation ValidateImport($id: ID!, $mapping: ImportMappingInput!) {
    validateImport(id: $id, mapping: $mapping) {
      id
      ...ImportBatchPage_batch
    }
  }
`);

const CommitImportMutation = graphql(`
  mutation CommitImport($id: ID!) {
    commitImport(id: $id) {
      id
      ...ImportBatchPage_batch
    }
  }
`);

const RollbackImportMutation = graphql(`
  mutation RollbackImport($id: ID!) {
    rollbackImport(id: $id) {
      id
      ...ImportBatchPage_batch
    }
  }
`);

const DiscardImportMutation = graphql(`
  mutation DiscardImport($id: ID!) {
    discardImport(id: $id) {
      id
      ...ImportBatchPage_batch
    }
  }
`);

// Root fields whose answers depend on the spend lines; a commit or roll back makes them stale.
const spendRootFields = ['spendSummary', 'spendCube', 'dataRange', 'spendLines', 'suppliers', 'supplier', 'categories', 'category', 'contracts', 'contract', 'businessUnits'];

function forgetSpend(cache: ApolloCache) {
  for (const fieldName of spendRootFields) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

export function useValidateImport() {
  return useMutation(ValidateImportMutation, {
    // Problems are paged by their own query: drop the old pages so they load again.
    update(cache, { data }) {
      if (!data) return;
      cache.evict({ id: cache.identify({ __typename: 'ImportBatch', id: data.validateImport.id }), fieldName: 'problems' });
    },
  });
}

export function useCommitImport() {
  return useMutation(CommitImportMutation, { update: forgetSpend });
}

export function useRollbackImport() {
  return useMutation(RollbackImportMutation, { update: forgetSpend });
}

export function useDiscardImport() {
  return useMutation(DiscardImportMutation);
}
