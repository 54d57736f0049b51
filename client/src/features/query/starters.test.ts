import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { starterQueries, welcomeQuery } from './starters';

// The schema as the server loads it: every file in schema/, in name order.
const schemaDir = join(import.meta.dirname, '../../../../schema');
const schema = buildSchema(
  readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(schemaDir, f), 'utf8'))
    .join('\n'),
);

describe('starter queries', () => {
  it('the welcome text validates too', () => {
    expect(validate(schema, parse(welcomeQuery)).map((e) => e.message)).toEqual([]);
  });

  it('cover the questions the gallery promises, each with a unique id', () => {
    expect(starterQueries.map((s) => s.id)).toEqual(['top-suppliers', 'category-by-unit', 'contracts-expiring', 'off-contract', 'supplier-360', 'savings', 'emissions']);
  });

  it.each(starterQueries.map((s) => [s.title, s] as const))('%s validates against the current schema, with JSON variables', (_title, starter) => {
    const errors = validate(schema, parse(starter.document));
    expect(errors.map((e) => e.message)).toEqual([]);
    if (starter.variables) expect(() => JSON.parse(starter.variables)).not.toThrow();
    // Read-only: the gallery never hands an analyst a mutation.
    expect(starter.document).not.toMatch(/^\s*mutation\b/m);
  });
});
