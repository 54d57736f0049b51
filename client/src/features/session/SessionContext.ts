import { createContext, useContext } from 'react';
import type { Role } from '../../gql/graphql';

/** The signed-in user's role, for route guards below the shell. */
export const SessionRoleContext = createContext<Role | null>(null);

export function useSessionRole(): Role | null {
  return useContext(SessionRoleContext);
}
