import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';

const CreateUserMutation = graphql(`
  mutation CreateUser($input: CreateUserInput!) {
    createUser(input: $input) {
      user {
        id
        name
        email
      }
      setPasswordLink {
        ...PasswordLinkPanel_link
      }
    }
  }
`);

const UpdateUserMutation = graphql(`
  mutation UpdateUser($id: ID!, $version: Int!, $input: UpdateUserInput!) {
    updateUser(id: $id, version: $version, input: $input) {
      id
      ...UsersTable_user
      ...UserForm_user
    }
  }
`);

const DisableUserMutation = graphql(`
  mutation DisableUser($id: ID!, $version: Int!) {
    disableUser(id: $id, version: $version) {
      id
      ...UsersTable_user
      ...UserForm_user
    }
  }
`);

const EnableUserMutation = graphql(`
  mutation EnableUser($id: ID!, $version: Int!) {
    enableUser(id: $id, version: $version) {
      id
      ...UsersTable_user
      ...UserForm_user
    }
  }
`);

const ResetUserPasswordMutation = graphql(`
  mutation ResetUserPassword($id: ID!, $version: Int!, $password: String) {
    resetUserPassword(id: $id, version: $version, password: $password) {
      user {
        id
        ...UsersTable_user
        ...UserForm_user
      }
      setPasswordLink {
        ...PasswordLinkPanel_link
      }
    }
  }
`);

// Every change may move a user in or out of the page's search and filters: ask the server again.
const userQueries = ['UsersPage'];

export function useCreateUser() {
  return useMutation(CreateUserMutation, { refetchQueries: userQueries, awaitRefetchQueries: true });
}

export function useUpdateUser() {
  return useMutation(UpdateUserMutation, { refetchQueries: userQueries, awaitRefetchQueries: true });
}

export function useDisableUser() {
  return useMutation(DisableUserMutation, { refetchQueries: userQueries, awaitRefetchQueries: true });
}

export function useEnableUser() {
  return useMutation(EnableUserMutation, { refetchQueries: userQueries, awaitRefetchQueries: true });
}

export function useResetUserPassword() {
  return useMutation(ResetUserPasswordMutation, { refetchQueries: userQueries, awaitRefetchQueries: true });
}

/** Business units for the viewer scope picker, ordered by code. */
export const BusinessUnitOptionsQuery = graphql(`
  query BusinessUnitOptions {
    businessUnits {
      id
      code
      name
      parentId
    }
  }
`);
