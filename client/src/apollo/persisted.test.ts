import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as generated from '../gql/graphql';
import { persistedHash } from './persisted';

const manifest = JSON.parse(readFileSync(new URL('../gql/persisted-documents.json', import.meta.url), 'utf8')) as Record<string, string>;
const operationOf = (document: DocumentNode) => document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
const operationDocuments = Object.entries(generated).filter(
  (entry): entry is [string, DocumentNode] => entry[0].endsWith('Document') && typeof entry[1] === 'object' && entry[1] !== null && 'definitions' in entry[1] && Boolean(operationOf(entry[1] as DocumentNode)),
);

describe('persisted operations (docs/security.md)', () => {
  it('every generated operation carries the SHA-256 of its manifest text, and the manifest holds exactly those', () => {
    expect(operationDocuments.length).toBeGreaterThan(50);
    for (const [name, document] of operationDocuments) {
      const hash = persistedHash(document);
      const text = manifest[hash];
      expect(text, name).toBeTypeOf('string');
      expect(createHash('sha256').update(text).digest('hex'), name).toBe(hash);
      // The manifest's text is the same operation, with the __typename Apollo's cache needs.
      const persisted = operationOf(parse(text))!;
      expect(persisted.name?.value, name).toBe(operationOf(document)!.name?.value);
      expect(persisted.selectionSet.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename'), name).toBe(true);
    }
    expect(new Set(operationDocuments.map(([, d]) => persistedHash(d)))).toEqual(new Set(Object.keys(manifest)));
  });

  it('refuses a document that was not generated, instead of sending it without an id', () => {
    expect(() => persistedHash(parse('query Handmade { me { id } }'))).toThrow(/Handmade has no persisted id/);
  });
});
