import { dimensionLabels } from '../explore/explorerState';
import type { SpendDimension } from '../../gql/graphql';
import type { ResultTable } from './resultRows';

/**
 * Readable names for a cube's flattened columns, where the result says what they are: `values.N`
 * by the measure's label in the sibling `columns` list (`spendCube.columns[N].label`), and
 * `keys.N.label` by the dimension its rows name (`keys.N.dimension`). Other columns keep their
 * path, which is also what the export's header says.
 */
export function columnNames(tables: readonly ResultTable[], table: ResultTable): Map<string, string> {
  const names = new Map<string, string>();
  const siblingPath = table.path.replace(/(^|\.)rows$/, '$1columns');
  const measures = siblingPath !== table.path ? tables.find((t) => t.path === siblingPath) : undefined;
  const first = table.rows[0];
  for (const column of table.columns) {
    const value = /^values\.(\d+)$/.exec(column);
    const label = value && measures?.rows[Number(value[1])]?.label;
    if (typeof label === 'string' && label) names.set(column, label);
    const key = /^keys\.(\d+)\.label$/.exec(column);
    const dimension = key && first?.[`keys.${key[1]}.dimension`];
    if (typeof dimension === 'string' && dimension in dimensionLabels) names.set(column, dimensionLabels[dimension as SpendDimension]);
  }
  return names;
}

/** A column's name for headers and pickers: the readable name with its path, or the path alone. */
export function columnTitle(names: ReadonlyMap<string, string>, column: string): string {
  const name = names.get(column);
  return name ? `${name} (${column})` : column;
}
