import type { ApolloServerPlugin } from '@apollo/server';
import { BREAK, visit, type DocumentNode } from 'graphql';
import type { RequestContext } from '../context.js';
import { AppError } from '../errors.js';

const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/** True when any selection in the document (operations and fragments alike) asks for the schema. */
export function asksForSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (!INTROSPECTION_FIELDS.has(node.name.value)) return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

/**
 * Introspection for signed-in users only (docs/security.md): the console's GraphQL workbench needs
 * it, an anonymous visitor does not need a map of every query and mutation. Apollo's `introspection`
 * option is server-wide, so this decides per request. `__typename` stays open: clients add it everywhere.
 */
export const introspectionPlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, contextValue }) {
        if (!contextValue.data.signedIn && asksForSchema(document)) {
          // Thrown from a plugin hook, an error is a 500 unless it names its status.
          throw new AppError('UNAUTHENTICATED', 'Sign in to continue.', { http: { status: 401 } });
        }
      },
    };
  },
};
