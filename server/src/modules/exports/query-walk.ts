import {
  Kind, getNamedType, getNullableType, isListType, isObjectType, isInterfaceType, visit,
  type ArgumentNode, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLOutputType,
  type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, type ValueNode,
} from 'graphql';
import { badInput } from '../../errors.js';

/**
 * The page walk of a query export (docs/architecture.md, the query workbench, "Export"): which
 * list of a document is paged, and the document rewritten so that list's `page` argument is the
 * export's own variable. Pure functions over the parsed document and the schema.
 */

/** A list the export can walk page by page: the `nodes` of a field that takes `page: PageInput`, under no other list. */
export interface PagedList {
  /** Where the list sits in `data`, as `findTables` names it, e.g. `spendLines.nodes`. */
  tablePath: string;
  /** Response path of the paged field, e.g. `['spendLines']`. */
  fieldPath: string[];
  /** Every node of the document that answers at that path (fragments and repeats merge there). */
  fields: FieldNode[];
}

const PAGE_INPUT = 'PageInput';

function fieldsOf(type: GraphQLOutputType): Record<string, GraphQLField<unknown, unknown>> | null {
  const named = getNamedType(type);
  return isObjectType(named) || isInterfaceType(named) ? (named.getFields() as Record<string, GraphQLField<unknown, unknown>>) : null;
}

/** The operation an export runs: the named one, or the only one. */
export function chosenOperation(document: DocumentNode, operationName: string | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
}

type Collect = (set: SelectionSetNode, into: Map<string, FieldNode[]>, seen: Set<string>) => Map<string, FieldNode[]>;

/** Field nodes of a selection set by response key, flattening fragments and inline fragments (their type conditions do not matter for paths). */
function fieldCollector(document: DocumentNode): Collect {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const collect: Collect = (set, into, seen) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        into.set(key, [...(into.get(key) ?? []), sel]);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) collect(sel.selectionSet, into, seen);
      else if (!seen.has(sel.name.value)) {
        const fragment = fragments.get(sel.name.value);
        if (fragment) collect(fragment.selectionSet, into, new Set([...seen, sel.name.value]));
      }
    }
    return into;
  };
  return collect;
}

const byKey = (collect: Collect, sets: readonly SelectionSetNode[]) => {
  const into = new Map<string, FieldNode[]>();
  for (const set of sets) collect(set, into, new Set());
  return into;
};
const childSets = (nodes: readonly FieldNode[]) => nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));

/**
 * The table an empty list would have been, for an export of a result with no rows: the first list
 * of objects in `data` that is empty (the one at `path` when given; a `rows` or `nodes` list before
 * others), with the columns its items would flatten to (`flattenObject`), read from the document's
 * selection of it. A list inside an item is left out (its length is unknown, so are its columns);
 * a list of scalars is one column. Null when there is no such list.
 */
export function emptyListTable(
  schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, data: unknown, path: string | null,
): { path: string; columns: string[]; rows: [] } | null {
  const empty: string[] = [];
  const find = (value: unknown, at: string[]) => {
    if (Array.isArray(value)) {
      if (value.length === 0) empty.push(at.join('.'));
    } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) find(v, [...at, k]);
  };
  find(data, []);
  const tablePath = path ? empty.find((p) => p === path) : (empty.find((p) => /(^|\.)(rows|nodes)$/.test(p)) ?? empty[0]);
  const root = schema.getQueryType();
  if (!tablePath || !root) return null;
  const collect = fieldCollector(document);
  let sets: SelectionSetNode[] = [operation.selectionSet];
  let type: GraphQLOutputType = root;
  for (const key of tablePath.split('.')) {
    const nodes = byKey(collect, sets).get(key);
    const def: GraphQLField<unknown, unknown> | undefined = nodes && fieldsOf(type)?.[nodes[0].name.value];
    if (!nodes || !def) return null;
    sets = childSets(nodes);
    type = def.type;
  }
  if (!isListType(getNullableType(type)) || !sets.length) return null;
  const columns: string[] = [];
  const flatten = (within: SelectionSetNode[], of: GraphQLOutputType, prefix: string) => {
    const defs = fieldsOf(of);
    for (const [key, nodes] of byKey(collect, within)) {
      const name = prefix ? `${prefix}.${key}` : key;
      const def = defs?.[nodes[0].name.value];
      const children = childSets(nodes);
      if (!def || !children.length) columns.push(name); // a scalar, a list of scalars, or __typename
      else if (!isListType(getNullableType(def.type))) flatten(children, def.type, name);
    }
  };
  flatten(sets, type, '');
  return columns.length ? { path: tablePath, columns, rows: [] } : null;
}

/**
 * The paged lists of an operation that the export can walk: a field that takes `page: PageInput`
 * and selects `nodes`, with no list anywhere above it (a page per item of an outer list is not
 * one list). Fields are matched by response key, so aliases, fragments and repeated selections
 * of the same field all count.
 */
export function pagedLists(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): PagedList[] {
  const collect = fieldCollector(document);
  const root = schema.getQueryType();
  if (!root || operation.operation !== 'query') return [];

  const found: PagedList[] = [];
  const walk = (sets: SelectionSetNode[], type: GraphQLOutputType, path: string[]) => {
    const defs = fieldsOf(type);
    if (!defs) return;
    for (const [key, nodes] of byKey(collect, sets)) {
      const def = defs[nodes[0].name.value];
      if (!def || nodes.some((n) => n.name.value !== def.name)) continue;
      if (isListType(getNullableType(def.type))) continue; // nothing under a list is one list
      const within = childSets(nodes);
      if (!within.length) continue;
      const paged = def.args.some((a) => a.name === 'page' && getNamedType(a.type).name === PAGE_INPUT);
      if (paged) {
        const pageFields = fieldsOf(def.type);
        for (const [childKey, childNodes] of byKey(collect, within)) {
          if (childNodes[0].name.value === 'nodes' && pageFields?.nodes && isListType(getNullableType(pageFields.nodes.type))) {
            found.push({ tablePath: [...path, key, childKey].join('.'), fieldPath: [...path, key], fields: nodes });
          }
        }
        continue; // the page's other fields (totalCount, pageInfo) hold no further paged list worth walking
      }
      walk(within, def.type, [...path, key]);
    }
  };
  walk([operation.selectionSet], root, []);
  return found;
}

/** A variable name the document does not use yet. */
export function freshVariable(operation: OperationDefinitionNode, base = 'spendscopeExportPage'): string {
  const taken = new Set((operation.variableDefinitions ?? []).map((v) => v.variable.name.value));
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  return name;
}

/**
 * The document with the paged list's `page` argument replaced by `$variable` (declared on the
 * operation as `PageInput!`). Only the chosen operation and the fragments it uses are kept: a
 * rewritten fragment would leave the variable undefined in any other operation.
 */
export function withPageVariable(document: DocumentNode, operation: OperationDefinitionNode, list: PagedList, variable: string): DocumentNode {
  const targets = new Set<FieldNode>(list.fields);
  const pageArgument: ArgumentNode = {
    kind: Kind.ARGUMENT,
    name: { kind: Kind.NAME, value: 'page' },
    value: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: variable } },
  };
  const used = fragmentsUsed(document, operation);
  const kept: DocumentNode = {
    ...document,
    definitions: document.definitions.filter((d) => d === operation || (d.kind === Kind.FRAGMENT_DEFINITION && used.has(d.name.value))),
  };
  const rewritten = visit(kept, {
    Field(node) {
      if (!targets.has(node)) return undefined;
      return { ...node, arguments: [...(node.arguments ?? []).filter((a) => a.name.value !== 'page'), pageArgument] };
    },
  });
  // A variable only the replaced argument used (`page: $p`) would now be unused, which GraphQL refuses.
  const stillUsed = new Set<string>();
  for (const d of rewritten.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) visit(d.selectionSet, { Variable: (v) => void stillUsed.add(v.name.value) });
    else visit(d, { Variable: (v) => void stillUsed.add(v.name.value) });
  }
  return visit(rewritten, {
    OperationDefinition(node) {
      return {
        ...node,
        variableDefinitions: [
          ...(node.variableDefinitions ?? []).filter((v) => stillUsed.has(v.variable.name.value)),
          {
            kind: Kind.VARIABLE_DEFINITION,
            variable: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: variable } },
            type: { kind: Kind.NON_NULL_TYPE, type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: PAGE_INPUT } } },
          },
        ],
      };
    },
  });
}

function fragmentsUsed(document: DocumentNode, operation: OperationDefinitionNode): Set<string> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const used = new Set<string>();
  const visitSet = (set: SelectionSetNode) => {
    visit(set, {
      FragmentSpread(node) {
        if (used.has(node.name.value)) return;
        used.add(node.name.value);
        const fragment = fragments.get(node.name.value);
        if (fragment) visitSet(fragment.selectionSet);
      },
    });
  };
  visitSet(operation.selectionSet);
  return used;
}

/**
 * The export allows itself pages larger than interactive ones; any other `page` in the document
 * keeps the interactive bound, checked here on the document as written (the same answer the
 * field itself would give outside an export: BAD_USER_INPUT naming `page.limit`).
 */
export function requireInteractivePages(document: DocumentNode, variables: Record<string, unknown>, pageMax: number): void {
  const limitOf = (value: ValueNode): unknown => {
    if (value.kind === Kind.VARIABLE) return (variables[value.name.value] as { limit?: unknown } | undefined)?.limit;
    if (value.kind !== Kind.OBJECT) return undefined;
    const limit = value.fields.find((f) => f.name.value === 'limit')?.value;
    if (!limit) return undefined;
    if (limit.kind === Kind.INT) return Number(limit.value);
    if (limit.kind === Kind.VARIABLE) return variables[limit.name.value];
    return undefined;
  };
  visit(document, {
    Argument(node) {
      if (node.name.value !== 'page') return;
      const limit = limitOf(node.value);
      if (typeof limit === 'number' && limit > pageMax) throw badInput('page.limit', `page.limit must be from 1 to ${pageMax}.`);
    },
  });
}

/** The value at a response path in `data` (no lists on the way: paged lists sit under none). */
export function valueAt(data: unknown, path: readonly string[]): unknown {
  let node = data;
  for (const key of path) node = node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}
