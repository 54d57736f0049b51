import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

/** The ledger's cost centres and GL accounts a classification rule can name, as the caller may see them. */
const LedgerCodesQuery = graphql(`
  query LedgerCodes {
    costCenters {
      id
      code
      name
    }
    glAccounts {
      id
      code
      name
    }
  }
`);

export interface LedgerCode {
  id: string;
  code: string;
  name: string;
}

/** Both lists, read once and shared by every rule shown (Apollo's cache answers the rest). */
export function useLedgerCodes(): { costCenters: readonly LedgerCode[]; glAccounts: readonly LedgerCode[]; loaded: boolean } {
  const { data } = useQuery(LedgerCodesQuery);
  return { costCenters: data?.costCenters ?? [], glAccounts: data?.glAccounts ?? [], loaded: data !== undefined };
}

/** "610100 IT Software"; "#7" for an id the list does not hold (not loaded yet, or outside the caller's scope). */
export function ledgerLabel(codes: readonly LedgerCode[], id: string): string {
  const found = codes.find((c) => c.id === id);
  return found ? `${found.code} ${found.name}` : `#${id}`;
}
