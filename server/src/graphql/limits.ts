import {
  GraphQLError, Kind, getNamedType, isListType, getNullableType,
  type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLOutputType,
  type OperationDefinitionNode, type SelectionSetNode, type ValidationContext, type GraphQLSchema,
} from 'graphql';

/**
 * Depth and cost limits (SPEC §9: 12 / 50,000), checked at validation before anything runs.
 * Cost: every field costs 1; a paginated field multiplies its children by its page size (the
 * `page.limit` argument, else 50) and its `nodes` are not multiplied again; any other list
 * multiplies its children by 10 (an estimate: such lists are small, but nesting them must
 * grow the cost); a field taking a spend `filter` argument costs 10 because it aggregates;
 * `spendCube` costs 100 flat, its rows being data computed in one statement, not resolvers.
 */
export interface Limits {
  maxDepth: number;
  maxCost: number;
}

const DEFAULT_LIST_SIZE = 50;
const UNPAGED_LIST_SIZE = 10;

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

export function limitsRule(limits: Limits, getVariables: () => Record<string, unknown>) {
  return (context: ValidationContext): ASTVisitor => {
    const schema: GraphQLSchema = context.getSchema();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

    function walk(set: SelectionSetNode, parentType: GraphQLOutputType, depth: number, seen: Set<string>): { depth: number; cost: number } {
      let maxDepth = depth;
      let cost = 0;
      const named = getNamedType(parentType);
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          const fieldDef =
            'getFields' in named ? (named.getFields() as Record<string, GraphQLField<unknown, unknown>>)[sel.name.value] : undefined;
          if (!fieldDef) continue;
          let fieldCost = sel.name.value === 'spendCube' ? 100 : fieldDef.args.some((a) => a.name === 'filter') ? 10 : 1;
          if (sel.selectionSet) {
            const inner = walk(sel.selectionSet, fieldDef.type, depth + 1, seen);
            maxDepth = Math.max(maxDepth, inner.depth);
            let multiplier = 1;
            if (fieldDef.args.some((a) => a.name === 'page')) multiplier = listSize(sel, getVariables());
            else if (sel.name.value === 'nodes') multiplier = 1; // the paged parent counted the page
            else if (sel.name.value !== 'spendCube' && isListType(getNullableType(fieldDef.type))) multiplier = UNPAGED_LIST_SIZE;
            fieldCost += inner.cost * multiplier;
          }
          cost += fieldCost;
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const type = sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) as GraphQLOutputType) : parentType;
          const inner = walk(sel.selectionSet, type, depth, seen);
          maxDepth = Math.max(maxDepth, inner.depth);
          cost += inner.cost;
        } else {
          const name = sel.name.value;
          const fragment = fragments.get(name);
          if (!fragment || seen.has(name)) continue; // cycles are reported by the standard rules
          const type = schema.getType(fragment.typeCondition.name.value) as GraphQLOutputType;
          const inner = walk(fragment.selectionSet, type, depth, new Set([...seen, name]));
          maxDepth = Math.max(maxDepth, inner.depth);
          cost += inner.cost;
        }
      }
      return { depth: maxDepth, cost };
    }

    return {
      OperationDefinition(node: OperationDefinitionNode) {
        const root = node.operation === 'mutation' ? schema.getMutationType() : node.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
        if (!root) return;
        const { depth, cost } = walk(node.selectionSet, root, 1, new Set());
        if (depth > limits.maxDepth) {
          context.reportError(
            new GraphQLError(`Query depth ${depth} exceeds the limit of ${limits.maxDepth}.`, {
              nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'depth', max: limits.maxDepth, actual: depth },
            }),
          );
        } else if (cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`Query cost ${cost} exceeds the limit of ${limits.maxCost}.`, {
              nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'cost', max: limits.maxCost, actual: cost },
            }),
          );
        }
      },
    };
  };
}
