import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { asksForSchema } from './introspection.js';

describe('asksForSchema', () => {
  it('finds __schema and __type anywhere in the document, and leaves __typename alone', () => {
    expect(asksForSchema(parse('{ __schema { types { name } } }'))).toBe(true);
    expect(asksForSchema(parse('{ me { id } t: __type(name: "Query") { name } }'))).toBe(true);
    expect(asksForSchema(parse('query { ...F } fragment F on Query { __schema { queryType { name } } }'))).toBe(true);
    expect(asksForSchema(parse('{ __typename me { __typename id } }'))).toBe(false);
  });
});
