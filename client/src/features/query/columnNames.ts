import { dimensionLabels, measureLabels } from '../explore/explorerState';
import type { MeasureKind, SpendMeasure } from '../../gql/graphql';
import { formatCount, formatDecimalExact, formatMoney, formatMoneyCompact, formatNumberCompact, formatPercent, formatPercentAxis, toNumber } from '../../format/numbers';
import { columnHeader, describeColumns, type ColumnCatalogue, type ColumnInfo, type ResultTable } from './resultRows';

/**
 * How each measure's values read, as schema/spend.graphql's descriptions of `SpendMeasure` say
 * (columnNames.test.ts holds the two together). The result says it too when the document asks for
 * `columns { kind }`; this is for documents that ask only for a measure's `label` or `measure`.
 */
export const measureKinds: Record<SpendMeasure, MeasureKind> = {
  SPEND: 'MONEY',
  LINE_COUNT: 'COUNT',
  SUPPLIER_COUNT: 'COUNT',
  ON_CONTRACT_SPEND: 'MONEY',
  OFF_CONTRACT_SPEND: 'MONEY',
  CONTRACT_COVERAGE: 'RATIO',
  PO_COVERAGE: 'RATIO',
  AVG_LINE: 'MONEY',
  SHARE_OF_TOTAL: 'RATIO',
  QUANTITY: 'NUMBER',
  SPEND_PREVIOUS_PERIOD: 'MONEY',
  CHANGE: 'RATIO',
  EMISSIONS_KG: 'NUMBER',
  EMISSIONS_UNMAPPED_SPEND: 'MONEY',
};

/** The explorer's names of dimensions and measures, with the measures' kinds. */
export const consoleCatalogue: ColumnCatalogue = {
  dimensions: dimensionLabels,
  measures: Object.fromEntries((Object.keys(measureLabels) as SpendMeasure[]).map((m) => [m, { label: measureLabels[m], kind: measureKinds[m] }])),
};

/**
 * What each flattened column of a result is (server/src/lib/result-rows.ts, `describeColumns`):
 * readable names for a cube's `values.N` and `keys.N.label`, measure kinds and the currency.
 * Other columns keep their path, and so does the export's header for them.
 */
export function columnNames(tables: readonly ResultTable[], table: ResultTable): Map<string, ColumnInfo> {
  return describeColumns(tables, table, consoleCatalogue);
}

/** A column's name for pickers: the readable name with its path after a middle dot, or the path alone. */
export function columnTitle(infos: ReadonlyMap<string, ColumnInfo>, column: string): string {
  const name = infos.get(column)?.name;
  return name ? `${name} · ${column}` : column;
}

export { columnHeader };

/**
 * A value column's cell text by its measure kind: money with its currency and exact cents, a ratio
 * as a percentage with one decimal, a count with thousands separators. Without a kind (or money
 * without a currency) a decimal keeps the places it has, grouped. Sorting reads the raw value.
 */
export function valueFormatter(info: ColumnInfo | undefined): (value: string | number) => string {
  switch (info?.kind) {
    case 'MONEY':
      return info.currency ? (v) => formatMoney(v, info.currency!) : formatDecimalExact;
    case 'RATIO':
      return (v) => formatPercent(v);
    case 'COUNT':
      return (v) => formatCount(toNumber(v));
    default:
      return formatDecimalExact;
  }
}

/** A chart's value axis: short money (€50m), whole percentages, or short numbers. */
export function axisFormatter(info: ColumnInfo | undefined): (value: number) => string {
  if (info?.kind === 'MONEY' && info.currency) return (v) => formatMoneyCompact(v, info.currency!);
  if (info?.kind === 'RATIO') return formatPercentAxis;
  return formatNumberCompact;
}
