import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';

// A contract write re-matches spend lines, so every answer about coverage may have changed.
const spendRootFields = ['spendSummary', 'spendCube', 'spendLines', 'suppliers', 'supplier', 'categories', 'category', 'contracts', 'contractOwners'];
const contractFields = ['spend', 'utilisation', 'leakage', 'status', 'canEdit'];

/** Forgets what a contract write can change; screens on show ask the server again. */
export function forgetCoverage(cache: ApolloCache) {
  for (const fieldName of spendRootFields) cache.evict({ id: 'ROOT_QUERY', fieldName });
  // Lines can move between contracts of one supplier: every contract's figures go, not just this one's.
  for (const key of Object.keys(cache.extract() as Record<string, unknown>)) {
    if (key.startsWith('Contract:')) for (const fieldName of contractFields) cache.evict({ id: key, fieldName });
  }
  cache.gc();
}

const CreateContractMutation = graphql(`
  mutation CreateContract($input: ContractInput!) {
    createContract(input: $input) {
      id
      version
    }
  }
`);

const UpdateContractMutation = graphql(`
  mutation UpdateContract($id: ID!, $version: Int!, $input: ContractInput!) {
    updateContract(id: $id, version: $version, input: $input) {
      id
      version
    }
  }
`);

const ActivateContractMutation = graphql(`
  mutation ActivateContract($id: ID!, $version: Int!) {
    activateContract(id: $id, version: $version) {
      id
      version
      status
    }
  }
`);

const TerminateContractMutation = graphql(`
  mutation TerminateContract($id: ID!, $version: Int!, $reason: String!, $terminatedOn: Date) {
    terminateContract(id: $id, version: $version, reason: $reason, terminatedOn: $terminatedOn) {
      id
      version
      status
    }
  }
`);

const DeleteContractMutation = graphql(`
  mutation DeleteContract($id: ID!, $version: Int!) {
    deleteContract(id: $id, version: $version)
  }
`);

export function useCreateContract() {
  return useMutation(CreateContractMutation, { update: forgetCoverage });
}

export function useUpdateContract() {
  return useMutation(UpdateContractMutation, { update: forgetCoverage });
}

export function useActivateContract() {
  return useMutation(ActivateContractMutation, { update: forgetCoverage });
}

export function useTerminateContract() {
  return useMutation(TerminateContractMutation, { update: forgetCoverage });
}

export function useDeleteContract() {
  return useMutation(DeleteContractMutation, { update: forgetCoverage });
}
