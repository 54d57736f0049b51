import { Kind, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The names of the fields selected under `path` in the field being resolved (`['nodes']`: the
 * fields asked of each item of a page), through fragments and inline fragments; a field under
 * @include or @skip counts as selected. Null when the path selects nothing known, so a caller
 * that prunes what it reads falls back to reading everything (docs/architecture.md, "The page walk").
 */
export function selectedFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, path: readonly string[]): Set<string> | null {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const name of path) {
    sets = fieldsOf(sets, info.fragments).flatMap((field) => (field.name === name && field.selectionSet ? [field.selectionSet] : []));
  }
  if (sets.length === 0) return null;
  return new Set(fieldsOf(sets, info.fragments).map((field) => field.name));
}

function fieldsOf(sets: readonly SelectionSetNode[], fragments: Record<string, FragmentDefinitionNode>): Array<{ name: string; selectionSet: SelectionSetNode | undefined }> {
  const out: Array<{ name: string; selectionSet: SelectionSetNode | undefined }> = [];
  const visit = (set: SelectionSetNode, seen: Set<string>) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) out.push({ name: selection.name.value, selectionSet: selection.selectionSet });
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet, seen);
      else if (!seen.has(selection.name.value) && fragments[selection.name.value]) {
        seen.add(selection.name.value);
        visit(fragments[selection.name.value].selectionSet, seen);
      }
    }
  };
  for (const set of sets) visit(set, new Set());
  return out;
}
