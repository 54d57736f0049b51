import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode, type FieldNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selectedFields } from './selection.js';

/** The resolve info of the document's first top-level field, as graphql-js would pass it. */
function infoOf(document: string) {
  const ast = parse(document);
  const operation = ast.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    ast.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments };
}

describe('selectedFields', () => {
  it('names the fields under a path, through aliases, fragments, inline fragments and directives', () => {
    const info = infoOf(`
      query($x: Boolean!) { spendLines { totalCount nodes { id amount: amountReporting ...Names ... on SpendLine { currency } description @include(if: $x) } } }
      fragment Names on SpendLine { supplierName ...More }
      fragment More on SpendLine { categoryName __typename }`);
    expect([...selectedFields(info, ['nodes'])!].sort()).toEqual(['__typename', 'amountReporting', 'categoryName', 'currency', 'description', 'id', 'supplierName']);
    expect([...selectedFields(info, [])!].sort()).toEqual(['nodes', 'totalCount']);
  });

  it('joins the selections of a path named twice, and is null when the path selects nothing', () => {
    const info = infoOf(`{ spendLines { a: nodes { id } b: nodes { poNumber } } }`);
    expect([...selectedFields(info, ['nodes'])!].sort()).toEqual(['id', 'poNumber']);
    expect(selectedFields(infoOf(`{ spendLines { totalCount } }`), ['nodes'])).toBeNull();
  });
});
