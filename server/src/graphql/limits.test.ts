import { buildSchema, Kind, parse, validate, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as clientDocuments from '../../../client/src/gql/graphql.js';
import { AGGREGATE_COST, isAggregating, limitsRule, measureOperation } from './limits.js';
import { loadTypeDefs } from './schema.js';

const schema = buildSchema(loadTypeDefs().join('\n'));
const LIMITS = { maxDepth: 12, maxCost: 50_000, maxAggregates: 20 };

function measure(query: string, variables: Record<string, unknown> = {}) {
  const doc = parse(query);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  return measureOperation(schema, op, fragments, variables)!;
}

function refusal(doc: DocumentNode, variables: Record<string, unknown> = {}) {
  return validate(schema, doc, [limitsRule(LIMITS, () => variables)])[0]?.extensions;
}

describe('limitsRule (docs/request-limits.md)', () => {
  it('treats every field taking a SpendFilter as aggregating, and the known others', () => {
    const aggregating: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !('getFields' in type) || type.constructor.name !== 'GraphQLObjectType') continue;
      for (const field of Object.values(type.getFields())) if ('args' in field && isAggregating(type, field)) aggregating.push(`${type.name}.${field.name}`);
    }
    expect(aggregating.sort()).toEqual([
      'BusinessUnit.spend', 'Category.figures', 'Category.spend', 'Contract.leakage', 'Contract.spend', 'Contract.utilisation', 'Query.categoryTree',
      'Query.classificationCoverage', 'Query.classificationSuggestionGroups', 'Query.classificationSuggestions',
      'Query.dataRange', 'Query.linesWithoutFxRate', 'Query.savingsOpportunities', 'Query.scopeCoverage', 'Query.spendCube', 'Query.spendLines', 'Query.spendSummary',
      'Query.supplierCountries', 'Query.supplierMergeSuggestions', 'Query.suppliers', 'Supplier.aliasUsage', 'Supplier.businessUnitSpend',
      'Supplier.categorySpend', 'Supplier.family', 'Supplier.monthlySpend', 'Supplier.spend', 'Supplier.summary',
    ]);
  });

  it('costs an aggregating field like a cube and counts it once per occurrence, whatever list it sits in', () => {
    expect(measure(`{ spendSummary { totalSpend lineCount } }`)).toEqual({ depth: 2, cost: AGGREGATE_COST + 2, aggregates: 1 });
    // Category.spend is one statement per filter for the whole list, so the list does not multiply it.
    const nested = measure(`{ categories { id spend } }`);
    expect(nested).toEqual({ depth: 2, cost: 1 + 10 * 1 + AGGREGATE_COST, aggregates: 1 });
    expect(measure(`{ a: spendSummary { totalSpend } b: spendSummary { totalSpend } }`).aggregates).toBe(2);
    expect(measure(`query { ...F ...F } fragment F on Query { spendSummary { totalSpend } }`).aggregates).toBe(2);
  });

  it('multiplies a per-row aggregate (a contract\'s leakage) by its list, but not a batched one (utilisation)', () => {
    const page = (limit: number) => measure(`{ contracts(page: { limit: ${limit} }) { nodes { id utilisation { spend } leakage { spend } } } }`);
    // contracts 1 + per node (nodes 1 + id 1 + utilisation's spend 1 + leakage 100 + its spend 1) × page; utilisation 100 once.
    expect(page(50)).toEqual({ depth: 4, cost: 1 + 50 * (1 + 1 + 1 + AGGREGATE_COST + 1) + AGGREGATE_COST, aggregates: 2 });
    expect(refusal(parse(`{ contracts(page: { limit: 500 }) { nodes { leakage { spend } } } }`))).toMatchObject({ limit: 'cost' });
  });

  it('refuses 1,000 aliases of spendSummary by the aggregate cap, saying which limit', () => {
    const doc = parse(`{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: spendSummary { totalSpend }`).join(' ')} }`);
    expect(refusal(doc)).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'aggregates', max: 20, actual: 1000, http: { status: 400 } });
  });

  it('refuses depth before cost, and cost with the figures', () => {
    expect(refusal(parse(`{ categories { children { children { children { children { children { children { children { children { children { children { children { id } } } } } } } } } } } } }`)))
      .toMatchObject({ limit: 'depth', max: 12, actual: 13 });
    expect(refusal(parse(`query($p: PageInput) { contracts(page: $p) { nodes { categories { children { id } } } } }`), { p: { limit: 500 } }))
      .toMatchObject({ limit: 'cost', max: 50_000 });
  });

  it('measures a page a variable leaves to its default at the default, not at 50', () => {
    const query = `query($p: PageInput = { limit: 500 }, $l: Int = 500) { importBatches(page: $p) { nodes { problems(page: { limit: $l }) { nodes { message } } } } }`;
    const sent = measure(query, { p: { limit: 500 }, l: 500 });
    expect(measure(query)).toEqual(sent);
    expect(sent.cost).toBeGreaterThan(LIMITS.maxCost);
    expect(refusal(parse(query))).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost' });
    // A variable the client sends wins over its default.
    expect(measure(query, { p: { limit: 1 }, l: 1 }).cost).toBeLessThan(LIMITS.maxCost);
  });

  it("lets every operation the console sends through", () => {
    const documents = Object.entries(clientDocuments).filter(([name]) => name.endsWith('Document')) as Array<[string, DocumentNode]>;
    expect(documents.length).toBeGreaterThan(10);
    const refused = documents.flatMap(([name, doc]) => (refusal(doc, { page: { limit: 500 } }) ? [name] : []));
    expect(refused).toEqual([]);
  });
});
