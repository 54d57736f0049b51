import {
  GraphQLError, Kind, getNamedType, isListType, getNullableType, valueFromASTUntyped,
  type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLNamedType, type GraphQLOutputType,
  type OperationDefinitionNode, type SelectionSetNode, type ValidationContext, type GraphQLSchema,
} from 'graphql';

/**
 * Depth, cost and aggregate limits (12 / 50,000 by default), checked before anything runs; see
 * docs/request-limits.md. Cost: every field costs 1; a paginated field multiplies its children by
 * its page size (the `page.limit` argument, else 50) and its `nodes` are not multiplied again; any
 * other list multiplies its children by 10 (an estimate: such lists are small, but nesting them
 * must grow the cost).
 *
 * A field that aggregates spend runs a statement over the fact table, so it costs what a cube
 * request costs ({@link AGGREGATE_COST}) and counts against `maxAggregates`. Such a field is
 * batched per request (one statement per distinct filter, whatever the list it sits in), so its
 * cost is not multiplied by the lists above it: the cost follows the statements, not the rows.
 */
export interface Limits {
  maxDepth: number;
  maxCost: number;
  /** Fields that aggregate spend, per operation. */
  maxAggregates: number;
}

export type LimitName = 'depth' | 'cost' | 'aggregates';

const DEFAULT_LIST_SIZE = 50;
const UNPAGED_LIST_SIZE = 10;
export const AGGREGATE_COST = 100;

/**
 * Fields known to aggregate spend besides those taking a `SpendFilter` argument (which all do):
 * the cube, the data range, a contract's matched spend and utilisation (one statement for every
 * contract of the request), merge suggestions (spend at stake), and what a user's scope would see
 * (user administration).
 */
const KNOWN_AGGREGATES = new Set(['Query.spendCube', 'Query.dataRange', 'Query.supplierMergeSuggestions', 'Contract.spend', 'Contract.utilisation', 'Query.scopeCoverage']);

/**
 * Aggregating fields that run one statement per row (a contract's leakage looks at its own
 * categories, units and term): the lists above them multiply their cost.
 */
const PER_ROW_AGGREGATES = new Set(['Contract.leakage']);

/** Whether a field of a type runs a spend aggregate when selected. */
export function isAggregating(parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>): boolean {
  const name = `${parent.name}.${field.name}`;
  return KNOWN_AGGREGATES.has(name) || PER_ROW_AGGREGATES.has(name) || field.args.some((a) => getNamedType(a.type).name === 'SpendFilter');
}

function listSize(field: FieldNode, variables: Record<string, unknown>): number {
  for (const arg of field.arguments ?? []) {
    const value = arg.value;
    if (arg.name.value === 'page' && value.kind === Kind.OBJECT) {
      const limit = value.fields.find((f) => f.name.value === 'limit');
      if (limit?.value.kind === Kind.INT) return Number(limit.value.value);
      if (limit?.value.kind === Kind.VARIABLE) return Number(variables[limit.value.name.value] ?? DEFAULT_LIST_SIZE);
    }
    if (arg.name.value === 'page' && value.kind === Kind.VARIABLE) {
      const page = variables[value.name.value] as { limit?: number } | undefined;
      if (page?.limit) return page.limit;
    }
  }
  return DEFAULT_LIST_SIZE;
}

interface Measure {
  depth: number;
  /** Cost that lists above multiply. */
  cost: number;
  /** Cost of aggregating fields, which lists above do not multiply. */
  aggregateCost: number;
  aggregates: number;
}

/**
 * The operation's variables as it will run: a variable the client left out takes its default
 * (`$p: PageInput = { limit: 500 }`), so what is measured is what the resolvers will be given.
 */
export function withVariableDefaults(operation: OperationDefinitionNode, variables: Record<string, unknown>): Record<string, unknown> {
  let out = variables;
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (!definition.defaultValue || variables[name] !== undefined) continue;
    if (out === variables) out = { ...variables };
    out[name] = valueFromASTUntyped(definition.defaultValue);
  }
  return out;
}

/** The depth, cost and aggregate count of one operation. */
export function measureOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): { depth: number; cost: number; aggregates: number } | null {
  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  if (!root) return null;
  variables = withVariableDefaults(operation, variables);

  function walk(set: SelectionSetNode, parentType: GraphQLOutputType, depth: number, seen: Set<string>): Measure {
    const total: Measure = { depth, cost: 0, aggregateCost: 0, aggregates: 0 };
    const add = (inner: Measure, multiplier = 1) => {
      total.depth = Math.max(total.depth, inner.depth);
      total.cost += inner.cost * multiplier;
      total.aggregateCost += inner.aggregateCost;
      total.aggregates += inner.aggregates;
    };
    const named = getNamedType(parentType);
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith('__')) continue;
        const fieldDef =
          'getFields' in named ? (named.getFields() as Record<string, GraphQLField<unknown, unknown>>)[sel.name.value] : undefined;
        if (!fieldDef) continue;
        const aggregating = isAggregating(named, fieldDef);
        if (aggregating && PER_ROW_AGGREGATES.has(`${named.name}.${fieldDef.name}`)) {
          total.cost += AGGREGATE_COST;
          total.aggregates += 1;
        } else if (aggregating) {
          total.aggregateCost += AGGREGATE_COST;
          total.aggregates += 1;
        } else {
          total.cost += 1;
        }
        if (sel.selectionSet) {
          const inner = walk(sel.selectionSet, fieldDef.type, depth + 1, seen);
          let multiplier = 1;
          if (fieldDef.args.some((a) => a.name === 'page')) multiplier = listSize(sel, variables);
          else if (sel.name.value === 'nodes') multiplier = 1; // the paged parent counted the page
          else if (sel.name.value === 'spendCube') multiplier = 1; // its rows come from its one statement, not resolvers
          else if (isListType(getNullableType(fieldDef.type))) multiplier = UNPAGED_LIST_SIZE;
          add(inner, multiplier);
        }
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const type = sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) as GraphQLOutputType) : parentType;
        add(walk(sel.selectionSet, type, depth, seen));
      } else {
        const name = sel.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) continue; // cycles are reported by the standard rules
        const type = schema.getType(fragment.typeCondition.name.value) as GraphQLOutputType;
        add(walk(fragment.selectionSet, type, depth, new Set([...seen, name])));
      }
    }
    return total;
  }

  const m = walk(operation.selectionSet, root, 1, new Set());
  return { depth: m.depth, cost: m.cost + m.aggregateCost, aggregates: m.aggregates };
}

/** QUERY_TOO_COMPLEX says which limit, its value and the request's: a client error (HTTP 400). */
export function limitError(limit: LimitName | 'time', max: number, actual: number, nodes?: OperationDefinitionNode): GraphQLError {
  const message =
    limit === 'aggregates'
      ? `The request asks for ${actual} spend aggregates; at most ${max} are allowed in one request.`
      : limit === 'time'
        ? `The request ran longer than ${max} ms and was stopped. Narrow the filter or ask for less at once.`
        : `Query ${limit} ${actual} exceeds the limit of ${max}.`;
  return new GraphQLError(message, {
    nodes,
    extensions: { code: 'QUERY_TOO_COMPLEX', limit, max, actual, http: { status: 400 } },
  });
}

export function limitsRule(limits: Limits, getVariables: () => Record<string, unknown>) {
  return (context: ValidationContext): ASTVisitor => {
    const schema: GraphQLSchema = context.getSchema();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    return {
      OperationDefinition(node: OperationDefinitionNode) {
        const measured = measureOperation(schema, node, fragments, getVariables());
        if (!measured) return;
        const { depth, cost, aggregates } = measured;
        if (depth > limits.maxDepth) context.reportError(limitError('depth', limits.maxDepth, depth, node));
        else if (aggregates > limits.maxAggregates) context.reportError(limitError('aggregates', limits.maxAggregates, aggregates, node));
        else if (cost > limits.maxCost) context.reportError(limitError('cost', limits.maxCost, cost, node));
      },
    };
  };
}
