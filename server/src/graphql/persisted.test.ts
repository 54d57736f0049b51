import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { PersistedDocuments, sentOperations } from './persisted.js';

const text = 'query Session { __typename me { __typename id } }';
const hash = createHash('sha256').update(text).digest('hex');

describe('persisted operations (docs/security.md)', () => {
  it('loads the committed manifest, and refuses one whose ids are not the SHA-256 of their text', () => {
    expect(PersistedDocuments.load().size).toBeGreaterThan(50);
    expect(PersistedDocuments.from({ [hash]: text }).document(hash)).toBe(text);
    expect(() => PersistedDocuments.from({ [hash]: `${text} ` })).toThrow(/not the SHA-256/);
    expect(() => PersistedDocuments.from([text])).toThrow(/must map hashes/);
  });

  it('reads text and ids as Apollo will: GET search parameters, a POST body or a batch', () => {
    const ext = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } });
    expect(sentOperations('GET', undefined, `?extensions=${encodeURIComponent(ext)}`)).toEqual([{ text: false, persisted: { hash, version: 1 } }]);
    expect(sentOperations('GET', undefined, '?query=%7B+me+%7B+id+%7D+%7D&extensions=not-json')).toEqual([{ text: true, persisted: null }]);
    expect(sentOperations('POST', { query: '', extensions: JSON.parse(ext) }, '')).toEqual([{ text: false, persisted: { hash, version: 1 } }]);
    expect(sentOperations('POST', [{ extensions: JSON.parse(ext) }, { query: '{ me { id } }' }], '').map((o) => o.text)).toEqual([false, true]);
    expect(sentOperations('POST', undefined, '')).toEqual([{ text: false, persisted: null }]);
  });

  it('SPENDSCOPE_PERSISTED_QUERIES_ONLY is false unless set to true, and a typo stops the start', () => {
    expect(loadConfig({}).persistedQueriesOnly).toBe(false);
    expect(loadConfig({ SPENDSCOPE_PERSISTED_QUERIES_ONLY: 'true' }).persistedQueriesOnly).toBe(true);
    expect(loadConfig({ SPENDSCOPE_PERSISTED_QUERIES_ONLY: 'false' }).persistedQueriesOnly).toBe(false);
    expect(() => loadConfig({ SPENDSCOPE_PERSISTED_QUERIES_ONLY: 'yes' })).toThrow(ConfigError);
  });
});
