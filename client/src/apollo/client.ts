import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { isUnauthenticated } from './errors';
import { persistedOperationsLink } from './persisted';
import { pagedList } from './pagedList';

/** Where the sign-in page sends the user back to after a successful login. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const next = `${location.pathname}${location.search}`;
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}

// Operations for which UNAUTHENTICATED is an answer the page handles itself (wrong password), and
// those of the signed-out set-password screen, which must never be sent to sign in.
const operationsHandlingAuth = new Set(['Login', 'Logout', 'PasswordLink', 'SetPassword']);

// An expired session anywhere in the console sends the user to sign in again, then back here.
const sessionExpiredLink = new ErrorLink(({ error, operation }) => {
  if (operationsHandlingAuth.has(operation.operationName ?? '')) return;
  if (!isUnauthenticated(error)) return;
  if (window.location.pathname === '/login' || window.location.pathname === '/set-password') return;
  window.location.assign(loginPathFor(window.location));
});

const httpLink = new HttpLink({ uri: '/graphql', credentials: 'same-origin' });

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([sessionExpiredLink, persistedOperationsLink(), httpLink]),
    cache: new InMemoryCache({
      typePolicies: {
        // Cube results have no identity; keep each one whole under the field that asked for it.
        // SpendCubeKey.id is a member key (a month, a category id), not an object identity, so
        // normalising on it would merge supplier "1" with category "1".
        SpendCube: { keyFields: false },
        SpendCubeRow: { keyFields: false },
        SpendCubeKey: { keyFields: false },
        SpendCubeTotals: { keyFields: false },
        SpendCubeColumn: { keyFields: false },
        SpendSummary: { keyFields: false },
        DataRange: { keyFields: false },
        // Paged lists: one cache entry per filter, pages stored at their offsets (pagedList.ts).
        Query: {
          fields: {
            importBatches: pagedList(false),
            spendLines: pagedList(['filter', 'sort']),
            suppliers: pagedList(['search', 'filter', 'supplierFilter', 'sort']),
            contracts: pagedList(['filter']),
            users: pagedList(['search', 'role', 'status']),
            auditEvents: pagedList(['filter']),
          },
        },
        ImportBatch: { fields: { problems: pagedList(['severity']) } },
      },
    }),
  });
}
