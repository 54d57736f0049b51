import { badInput, tooComplex } from '../../errors.js';
import type { MeasureKind, SpendCubeQuery, SpendDimension, SpendMeasure } from '../../generated/graphql.js';
import { average, money, ratio, subtractMoney } from '../../lib/decimal.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Row } from '../../store/store.js';
import { DIMENSIONS, parentKey, publicKey } from '../../core/dimensions.js';

/**
 * The spend cube planner: one SQL statement per request. Lines are filtered and grouped by
 * their fact-level columns in `pre` (one scan, no joins), keyed by dimension in `base` (joins
 * on a few thousand partial rows), rolled up once with GROUPING SETS in `agg` (distinct supplier
 * counts stay exact at every subtotal level because `pre` keeps the supplier when they are asked
 * for), and labels are joined to the aggregated rows only.
 * Every identifier comes from the allow-lists below; every value is bound.
 */

/** Base aggregates the engine computes; everything else is derived exactly from them. */
type BaseAggregate = 'spend' | 'lines' | 'suppliers' | 'onContract' | 'withPo';

/** First step, over the lines: partial aggregates per combination of source columns. */
const PRE_SQL: Record<Exclude<BaseAggregate, 'suppliers'>, Sql> = {
  spend: sql`SUM(s.amount_reporting) AS a_spend`,
  lines: sql`COUNT(*) AS a_lines`,
  onContract: sql`SUM(CASE WHEN s.contract_id IS NOT NULL THEN s.amount_reporting ELSE 0 END) AS a_on_contract`,
  withPo: sql`SUM(CASE WHEN s.po_number IS NOT NULL THEN s.amount_reporting ELSE 0 END) AS a_with_po`,
};
const PRE_COLUMN: Record<Exclude<BaseAggregate, 'suppliers'>, Sql> = {
  spend: sql`p.a_spend`, lines: sql`p.a_lines`, onContract: sql`p.a_on_contract`, withPo: sql`p.a_with_po`,
};
/** Second step, over the partials: the partials summed, suppliers counted distinct (exact per level). */
const BASE_SQL: Record<BaseAggregate, Sql> = {
  spend: sql`SUM(a_spend)`,
  lines: sql`SUM(a_lines)`,
  suppliers: sql`COUNT(DISTINCT src_supplier)`,
  onContract: sql`SUM(a_on_contract)`,
  withPo: sql`SUM(a_with_po)`,
};
const BASE_ALIAS: Record<BaseAggregate, Sql> = {
  spend: sql`m_spend`, lines: sql`m_lines`, suppliers: sql`m_suppliers`, onContract: sql`m_on_contract`, withPo: sql`m_with_po`,
};
const BASE_COLUMN: Record<BaseAggregate, string> = {
  spend: 'm_spend', lines: 'm_lines', suppliers: 'm_suppliers', onContract: 'm_on_contract', withPo: 'm_with_po',
};

type Aggregates = Record<BaseAggregate, string>;

interface MeasureDef {
  label: string;
  kind: MeasureKind;
  needs: BaseAggregate[];
  /** Sort expression over the aggregated row. */
  order: Sql;
  value: (a: Aggregates, grandSpend: string) => string | null;
}

const safeDiv = (a: Sql, b: Sql) => sql`CAST(${a} AS DOUBLE) / NULLIF(CAST(${b} AS DOUBLE), 0)`;

export const MEASURES: Record<SpendMeasure, MeasureDef> = {
  SPEND: { label: 'Spend', kind: 'MONEY', needs: ['spend'], order: sql`m_spend`, value: (a) => money(a.spend) },
  LINE_COUNT: { label: 'Lines', kind: 'COUNT', needs: ['lines'], order: sql`m_lines`, value: (a) => String(Number(a.lines)) },
  SUPPLIER_COUNT: {
    label: 'Suppliers', kind: 'COUNT', needs: ['suppliers'], order: sql`m_suppliers`, value: (a) => String(Number(a.suppliers)),
  },
  ON_CONTRACT_SPEND: {
    label: 'On-contract spend', kind: 'MONEY', needs: ['onContract'], order: sql`m_on_contract`, value: (a) => money(a.onContract),
  },
  OFF_CONTRACT_SPEND: {
    label: 'Off-contract spend', kind: 'MONEY', needs: ['spend', 'onContract'], order: sql`(m_spend - m_on_contract)`,
    value: (a) => subtractMoney(money(a.spend), money(a.onContract)),
  },
  CONTRACT_COVERAGE: {
    label: 'Contract coverage', kind: 'RATIO', needs: ['spend', 'onContract'], order: safeDiv(sql`m_on_contract`, sql`m_spend`),
    value: (a) => ratio(money(a.onContract), money(a.spend)),
  },
  PO_COVERAGE: {
    label: 'PO coverage', kind: 'RATIO', needs: ['spend', 'withPo'], order: safeDiv(sql`m_with_po`, sql`m_spend`),
    value: (a) => ratio(money(a.withPo), money(a.spend)),
  },
  AVG_LINE: {
    label: 'Average line', kind: 'MONEY', needs: ['spend', 'lines'], order: safeDiv(sql`m_spend`, sql`m_lines`),
    value: (a) => average(money(a.spend), Number(a.lines)),
  },
  SHARE_OF_TOTAL: {
    label: 'Share of total', kind: 'RATIO', needs: ['spend'], order: sql`m_spend`,
    value: (a, grand) => ratio(money(a.spend), grand),
  },
};

export interface CubePlan {
  dimensions: SpendDimension[];
  measures: SpendMeasure[];
  limit: number;
  statement: Sql;
}

export interface CubeLimits {
  defaultRows: number;
  maxRows: number;
  /** The viewer's scope over `spend_lines s` (null or absent = unrestricted), for supplier families. */
  scope?: Sql | null;
}

/** Validates the request and builds the single statement. `where` is the scoped filter over `s`. */
export function planCube(query: SpendCubeQuery, where: Sql, limits: CubeLimits): CubePlan {
  const dimensions = [...query.dimensions];
  const measures = [...query.measures];
  if (dimensions.length > 4) throw badInput('query.dimensions', 'A cube may have at most 4 dimensions.');
  if (new Set(dimensions).size !== dimensions.length) throw badInput('query.dimensions', 'Each dimension may appear only once.');
  if (measures.length === 0) throw badInput('query.measures', 'Ask for at least one measure.');
  if (measures.length > 12) throw badInput('query.measures', 'A cube may have at most 12 measures.');
  if (new Set(measures).size !== measures.length) throw badInput('query.measures', 'Each measure may appear only once.');
  const limit = query.limit ?? limits.defaultRows;
  if (!Number.isInteger(limit) || limit < 1) throw badInput('query.limit', 'query.limit must be a positive integer.');
  if (limit > limits.maxRows) throw tooComplex('rows', limits.maxRows, limit);

  const sorts = query.sort ?? [];
  sorts.forEach((s, i) => {
    if ((s.measure == null) === (s.dimension == null)) {
      throw badInput(`query.sort.${i}`, 'Each sort names exactly one of measure or dimension.');
    }
    if (s.measure && !measures.includes(s.measure)) throw badInput(`query.sort.${i}.measure`, `Sort measure ${s.measure} is not requested.`);
    if (s.dimension && !dimensions.includes(s.dimension)) {
      throw badInput(`query.sort.${i}.dimension`, `Sort dimension ${s.dimension} is not requested.`);
    }
  });

  const defs = dimensions.map((d) => (d === 'SUPPLIER_PARENT' && limits.scope ? { ...DIMENSIONS[d], key: parentKey(limits.scope) } : DIMENSIONS[d]));
  const needs = new Set<BaseAggregate>(measures.flatMap((m) => MEASURES[m].needs));
  needs.add('spend'); // SHARE_OF_TOTAL and default ordering need it; it is cheap.
  const aggregates = [...needs];

  // Step 1: group the lines by the fact-level columns the dimensions derive from (plus the
  // supplier when distinct suppliers are counted). This scans the fact table once and shrinks it
  // to a few thousand rows before any join.
  const sources = new Map<string, { source: Sql; column: Sql }>();
  const addSource = (source: Sql, column: Sql) => sources.set(column.toQuery().text, { source, column });
  for (const d of defs) addSource(d.source, d.sourceColumn);
  if (needs.has('suppliers')) addSource(DIMENSIONS.SUPPLIER.source, DIMENSIONS.SUPPLIER.sourceColumn);
  const partials = aggregates.filter((a): a is Exclude<BaseAggregate, 'suppliers'> => a !== 'suppliers');
  const sourceList = [...sources.values()];
  const pre = sql`SELECT ${sql.join([...sourceList.map((x) => sql`${x.source} AS ${x.column}`), ...partials.map((a) => PRE_SQL[a])])}
    FROM spend_lines s WHERE ${where}${sourceList.length ? sql` GROUP BY ${sql.join(sourceList.map((x) => x.source))}` : sql``}`;

  // Step 2: join the small dimension tables to the partials and key them by dimension.
  const joins: Sql[] = [];
  if (defs.some((d) => d.needsCategory)) joins.push(sql`LEFT JOIN categories c ON c.id = p.src_category`);
  if (defs.some((d) => d.needsSupplier)) joins.push(sql`LEFT JOIN suppliers sup ON sup.id = p.src_supplier`);
  const dimAlias = (i: number) => DIM_ALIASES[i];
  const baseColumns = [
    ...defs.map((d, i) => sql`${d.key} AS ${dimAlias(i)}`),
    ...partials.map((a) => PRE_COLUMN[a]),
    ...(needs.has('suppliers') ? [sql`p.src_supplier`] : []),
  ];
  const base = sql`SELECT ${sql.join(baseColumns)} FROM pre p ${sql.join(joins, sql` `)}`;

  const aggColumns = aggregates.map((a) => sql`${BASE_SQL[a]} AS ${BASE_ALIAS[a]}`);
  let agg: Sql;
  if (dimensions.length === 0) {
    agg = sql`SELECT 0 AS g, ${sql.join(aggColumns)} FROM base`;
  } else {
    const all = sql.join(defs.map((_, i) => dimAlias(i)));
    // Detail level always; each shorter prefix only when subtotals are asked for; the grand total always.
    const sets: Sql[] = [sql`(${all})`];
    if (query.subtotals) for (let n = dimensions.length - 1; n >= 1; n--) sets.push(sql`(${sql.join(defs.slice(0, n).map((_, i) => dimAlias(i)))})`);
    sets.push(sql`()`);
    agg = sql`SELECT ${all}, GROUPING(${all}) AS g, ${sql.join(aggColumns)} FROM base GROUP BY GROUPING SETS (${sql.join(sets)})`;
  }

  const labelJoins: Sql[] = [];
  const labelColumns: Sql[] = [];
  defs.forEach((d, i) => {
    if (d.labelTable && d.labelColumn) {
      labelJoins.push(sql`LEFT JOIN ${d.labelTable} ${LABEL_ALIASES[i]} ON ${LABEL_ALIASES[i]}.id = agg.${dimAlias(i)}`);
      labelColumns.push(sql`${LABEL_ALIASES[i]}.${d.labelColumn} AS ${LABEL_COLUMNS[i]}`);
    }
  });

  const fullMask = (1 << dimensions.length) - 1;
  const order: Sql[] = [sql`CASE WHEN agg.g = ${fullMask} THEN 0 ELSE 1 END`];
  const effectiveSorts = sorts.length > 0 ? sorts : [{ measure: measures[0], dimension: null, direction: 'DESC' as const }];
  for (const s of effectiveSorts) {
    const dir = s.direction === 'ASC' ? sql`ASC` : sql`DESC`;
    if (s.measure) order.push(sql`${MEASURES[s.measure].order} ${dir} NULLS LAST`);
    else if (s.dimension) {
      const i = dimensions.indexOf(s.dimension);
      order.push(defs[i].labelTable ? sql`${LABEL_COLUMNS[i]} ${dir} NULLS LAST` : sql`agg.${dimAlias(i)} ${dir} NULLS LAST`);
    }
  }
  defs.forEach((_, i) => order.push(sql`agg.${dimAlias(i)} ASC NULLS LAST`));

  // The grand total sorts first; one extra row tells whether the result was truncated.
  const statement = sql`WITH pre AS (${pre}), base AS (${base}), agg AS (${agg})
SELECT agg.*${labelColumns.length ? sql`, ${sql.join(labelColumns)}` : sql``}
FROM agg ${sql.join(labelJoins, sql` `)}
ORDER BY ${sql.join(order)}
LIMIT ${limit + 2}`;

  return { dimensions, measures, limit, statement };
}

const DIM_ALIASES = [sql`d0`, sql`d1`, sql`d2`, sql`d3`];
const DIM_COLUMNS = ['d0', 'd1', 'd2', 'd3'];
const LABEL_ALIASES = [sql`l0`, sql`l1`, sql`l2`, sql`l3`];
const LABEL_COLUMNS = [sql`d0_label`, sql`d1_label`, sql`d2_label`, sql`d3_label`];
const LABEL_KEYS = ['d0_label', 'd1_label', 'd2_label', 'd3_label'];

export interface CubeResult {
  columns: Array<{ measure: SpendMeasure; label: string; kind: MeasureKind; currency: string | null }>;
  rows: Array<{
    keys: Array<{ dimension: SpendDimension; id: string | null; label: string; rolledUp: boolean }>;
    values: Array<string | null>;
    depth: number;
  }>;
  totals: { values: Array<string | null> };
  truncated: boolean;
  currency: string;
}

function aggregatesOf(row: Row): Aggregates {
  const get = (a: BaseAggregate) => {
    const v = row[BASE_COLUMN[a]];
    return v === undefined || v === null ? '0' : String(v);
  };
  return { spend: get('spend'), lines: get('lines'), suppliers: get('suppliers'), onContract: get('onContract'), withPo: get('withPo') };
}

/** Maps the engine's rows to the GraphQL shape, computing derived measures exactly. */
export function shapeCube(plan: CubePlan, rows: Row[], currency: string): CubeResult {
  const fullMask = (1 << plan.dimensions.length) - 1;
  const totalRow = rows.find((r) => Number(r.g) === fullMask);
  const detail = rows.filter((r) => r !== totalRow);
  const grand = totalRow ? aggregatesOf(totalRow) : { spend: '0', lines: '0', suppliers: '0', onContract: '0', withPo: '0' };
  const grandSpend = money(grand.spend);
  const valuesOf = (a: Aggregates) => plan.measures.map((m) => MEASURES[m].value(a, grandSpend));
  const n = plan.dimensions.length;
  return {
    columns: plan.measures.map((m) => ({
      measure: m, label: MEASURES[m].label, kind: MEASURES[m].kind, currency: MEASURES[m].kind === 'MONEY' ? currency : null,
    })),
    rows: detail.slice(0, plan.limit).map((r) => {
      const g = Number(r.g);
      const keys = plan.dimensions.map((d, i) => {
        // GROUPING() puts the first argument in the most significant bit.
        const rolledUp = ((g >> (n - 1 - i)) & 1) === 1;
        const id = rolledUp ? null : publicKey(d, r[DIM_COLUMNS[i]]);
        const stored = r[LABEL_KEYS[i]];
        const label = rolledUp ? 'All' : typeof stored === 'string' && id !== null ? stored : DIMENSIONS[d].label(id);
        return { dimension: d, id, label, rolledUp };
      });
      return { keys, values: valuesOf(aggregatesOf(r)), depth: keys.filter((k) => !k.rolledUp).length };
    }),
    totals: { values: valuesOf(grand) },
    truncated: detail.length > plan.limit,
    currency,
  };
}
