import type { DocumentNode } from 'graphql';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';

/**
 * The persisted id of a generated document: `npm run codegen` puts the SHA-256 of the document's
 * text on it (`__meta__.hash`) and writes that text under the same hash into
 * `client/src/gql/persisted-documents.json`, the manifest the server runs (docs/security.md,
 * persisted operations). A document written any other way has none, and fails loudly here
 * rather than reaching a server that may refuse its text.
 */
export function persistedHash(document: DocumentNode): string {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) {
    const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
    const name = operation && 'name' in operation ? operation.name?.value : undefined;
    throw new Error(`Operation ${name ?? '(anonymous)'} has no persisted id: write it with graphql() from client/src/gql and run \`npm run codegen\`.`);
  }
  return hash;
}

/**
 * Sends every operation of the console as its persisted id only (`extensions.persistedQuery`),
 * never its text. The server knows exactly the manifest it was built with: an unknown id means
 * this page comes from another version, and the server's answer says to reload. So the text is
 * never sent as a retry (Apollo's default on PERSISTED_QUERY_NOT_FOUND), and persisted ids are
 * never switched off. POST, not GET: the answers are per session and not cacheable, mutations
 * cannot be GET anyway, and a JSON POST passes CSRF prevention without an extra header.
 */
export function persistedOperationsLink(): PersistedQueryLink {
  return new PersistedQueryLink({ generateHash: persistedHash, retry: () => false, disable: () => false, useGETForHashedQueries: false });
}
