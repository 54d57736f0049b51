import { numericColumns, type FlatRow, type FlatValue, type ResultTable } from './resultRows';

export type ResultChartKind = 'bar' | 'line' | 'pie';

export interface ResultChartPoint {
  label: string;
  value: number;
  /** The slice that folds the rest of a pie together ("Other"), drawn in a neutral colour. */
  other?: true;
}

/** A chart's points, and how many rows it left out: without a number, subtotals, beyond the limit. */
export interface ChartPoints {
  points: ResultChartPoint[];
  skipped: number;
  subtotals: number;
  folded: number;
}

/** Bars and lines show at most this many points; a pie this many slices plus "Other". */
export const MAX_POINTS = 50;
export const MAX_SLICES = 8;

function labelText(value: FlatValue | undefined): string {
  return value === null || value === undefined || value === '' ? '(none)' : String(value);
}

/** Numbers that describe a row's place, not an amount: a chart of them says nothing. */
const STRUCTURAL = /(^|\.)(depth|level|version|offset|limit|totalCount|rowNumber)$/;

/**
 * The fields a chart starts with: the first text column that varies as label; as value, a cube's
 * first measure (`values.0`), else the first numeric column that is an amount rather than a
 * row's place (a subtotalled cube's `depth` comes first in its rows).
 */
export function defaultChartFields(table: ResultTable): { label: string | null; value: string | null } {
  const numeric = numericColumns(table);
  const varies = (column: string) => new Set(table.rows.map((r) => r[column])).size > 1 || table.rows.length === 1;
  const label = table.columns.find((c) => !numeric.includes(c) && !/(^|\.)id$/.test(c) && varies(c)) ?? table.columns.find((c) => !numeric.includes(c)) ?? null;
  const value = numeric.find((c) => /(^|\.)values\.\d+$/.test(c)) ?? numeric.find((c) => !STRUCTURAL.test(c)) ?? numeric[0] ?? null;
  return { label, value };
}

const CUBE_LABEL = /(^|\.)keys\.\d+\.label$/;

/**
 * Which rows sum up others: a subtotalled cube's rows with a rolled-up key (`keys.N.rolledUp`), or
 * with a `depth` below the deepest row's. Charted beside the rows they add up, they would count twice.
 */
function subtotalTest(table: ResultTable): (row: FlatRow) => boolean {
  const rolled = table.columns.filter((c) => /(^|\.)keys\.\d+\.rolledUp$/.test(c));
  const depth = table.columns.find((c) => /(^|\.)depth$/.test(c));
  const deepest = depth ? Math.max(...table.rows.map((r) => Number(r[depth]))) : NaN;
  return (row) => rolled.some((c) => row[c] === true || row[c] === 'true') || (depth !== undefined && Number(row[depth]) < deepest);
}

/**
 * A point's label: the label field, or for a cube of several dimensions labelled by one of its
 * keys, every key that varies ("IT · 2025"), so one category's years are not bars of one name.
 */
function labelOf(table: ResultTable, labelField: string): (row: FlatRow) => string {
  if (!CUBE_LABEL.test(labelField)) return (row) => labelText(row[labelField]);
  const keys = table.columns.filter((c) => CUBE_LABEL.test(c) && new Set(table.rows.map((r) => r[c])).size > 1);
  if (keys.length < 2 || !keys.includes(labelField)) return (row) => labelText(row[labelField]);
  return (row) => keys.map((c) => labelText(row[c])).join(' · ');
}

/**
 * The points of a chart, in the result's order (the query decides the order). Rows without a
 * number are left out and counted, and so are subtotal rows (`subtotalTest`); a pie keeps its
 * largest slices and folds the rest into "Other".
 */
export function chartPoints(table: ResultTable, labelField: string, valueField: string, kind: ResultChartKind): ChartPoints {
  let skipped = 0;
  let subtotals = 0;
  const all: ResultChartPoint[] = [];
  const isSubtotal = subtotalTest(table);
  const label = labelOf(table, labelField);
  for (const row of table.rows) {
    if (isSubtotal(row)) {
      subtotals += 1;
      continue;
    }
    const raw = row[valueField];
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (!Number.isFinite(value)) {
      skipped += 1;
      continue;
    }
    all.push({ label: label(row), value });
  }
  if (kind !== 'pie') return { points: all.slice(0, MAX_POINTS), skipped, subtotals, folded: Math.max(0, all.length - MAX_POINTS) };
  const positive = all.filter((p) => p.value > 0).sort((a, b) => b.value - a.value);
  skipped += all.length - positive.length;
  if (positive.length <= MAX_SLICES + 1) return { points: positive, skipped, subtotals, folded: 0 };
  const kept = positive.slice(0, MAX_SLICES);
  const rest = positive.slice(MAX_SLICES);
  return { points: [...kept, { label: 'Other', value: rest.reduce((sum, p) => sum + p.value, 0), other: true }], skipped, subtotals, folded: rest.length };
}
