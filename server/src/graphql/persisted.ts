import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Config } from '../config.js';
import { requireFreeTextAllowed } from '../core/free-text.js';
import type { Viewer } from '../core/viewer.js';
import { AppError } from '../errors.js';

// Written by `npm run codegen` from the console's documents (codegen.ts); docs/security.md.
const MANIFEST = join(dirname(fileURLToPath(import.meta.url)), '../../../client/src/gql/persisted-documents.json');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The console's operations by persisted id: the manifest codegen writes (hash → document text),
 * read once at start. Only these documents run by id; nothing is learnt from clients (Apollo's
 * own automatic persisted queries are off).
 */
export class PersistedDocuments {
  private constructor(private readonly byHash: ReadonlyMap<string, string>) {}

  static load(file = MANIFEST): PersistedDocuments {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`Cannot read the persisted operations manifest ${file}; run \`npm run codegen\`: ${(error as Error).message}`, { cause: error });
    }
    return PersistedDocuments.from(raw, file);
  }

  /** Checks every entry: an id is the SHA-256 of its text, so a stale or edited manifest stops the start. */
  static from(raw: unknown, source = 'the manifest'): PersistedDocuments {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${source} must map hashes to documents`);
    const byHash = new Map<string, string>();
    for (const [hash, text] of Object.entries(raw)) {
      if (typeof text !== 'string' || sha256(text) !== hash) throw new Error(`${source}: ${hash} is not the SHA-256 of its document; run \`npm run codegen\``);
      byHash.set(hash, text);
    }
    return new PersistedDocuments(byHash);
  }

  get size(): number {
    return this.byHash.size;
  }

  document(hash: string): string | undefined {
    return this.byHash.get(hash);
  }
}

/** One operation as an HTTP request carries it, before Apollo reads it: its text, its persisted id, or both. */
export interface SentOperation {
  text: boolean;
  persisted: { hash: unknown; version: unknown } | null;
}

function sentOperation(query: unknown, extensions: unknown): SentOperation {
  const persisted = extensions && typeof extensions === 'object' ? (extensions as { persistedQuery?: unknown }).persistedQuery : undefined;
  return {
    // Anything in `query` but nothing at all counts as text (Apollo refuses what is not a string).
    text: query !== undefined && query !== null && query !== '',
    persisted: persisted && typeof persisted === 'object'
      ? { hash: (persisted as { sha256Hash?: unknown }).sha256Hash, version: (persisted as { version?: unknown }).version }
      : null,
  };
}

/**
 * What a GraphQL-over-HTTP request asks to run, read as Apollo will read it: a GET's `query` and
 * `extensions` search parameters, a POST's JSON body (a list if a client batches).
 */
export function sentOperations(method: string, body: unknown, search: string): SentOperation[] {
  if (method === 'GET' || method === 'HEAD') {
    const params = new URLSearchParams(search);
    let extensions: unknown;
    try {
      extensions = JSON.parse(params.get('extensions') ?? 'null');
    } catch {
      extensions = null; // Apollo answers malformed JSON itself.
    }
    return [sentOperation(params.getAll('query').join(''), extensions)];
  }
  return (Array.isArray(body) ? body : [body]).map((item) =>
    item && typeof item === 'object' ? sentOperation((item as { query?: unknown }).query, (item as { extensions?: unknown }).extensions) : sentOperation(undefined, undefined),
  );
}

export const unknownOperation = () =>
  new AppError('BAD_USER_INPUT', 'This operation is not known to this server: the page was probably loaded from another version of Spendscope. Reload the page.', {
    field: 'extensions.persistedQuery.sha256Hash',
    reason: 'UNKNOWN_OPERATION',
    http: { status: 400 },
  });

/**
 * Admits a GraphQL request before anything is parsed (docs/security.md, persisted operations):
 * a persisted id must be in the manifest; text is free text, which the lock
 * (`SPENDSCOPE_PERSISTED_QUERIES_ONLY`) keeps to roles that may use the GraphQL editor. Text sent
 * along an id is free text too: the text is what would run.
 */
export function admitOperations(sent: SentOperation[], documents: PersistedDocuments, viewer: Viewer | null, config: Pick<Config, 'persistedQueriesOnly'>): void {
  for (const operation of sent) {
    if (operation.text) {
      requireFreeTextAllowed(viewer, config);
    } else if (operation.persisted) {
      if (operation.persisted.version !== 1) {
        throw new AppError('BAD_USER_INPUT', 'Only version 1 of persisted queries is supported.', { field: 'extensions.persistedQuery.version', http: { status: 400 } });
      }
      if (typeof operation.persisted.hash !== 'string' || documents.document(operation.persisted.hash) === undefined) throw unknownOperation();
    }
  }
}

/**
 * Runs an admitted persisted id as the manifest's text. Apollo's own persisted queries are off
 * (`persistedQueries: false`), so the extension is removed once resolved; the request then goes
 * through parsing, validation, limits and execution like any other.
 */
export function persistedDocumentsPlugin(documents: PersistedDocuments): ApolloServerPlugin {
  return {
    async requestDidStart({ request }) {
      const persisted = request.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined;
      if (!persisted) return;
      if (!request.query && typeof persisted.sha256Hash === 'string') request.query = documents.document(persisted.sha256Hash);
      const { persistedQuery: _resolved, ...extensions } = request.extensions ?? {};
      request.extensions = extensions;
    },
  };
}
