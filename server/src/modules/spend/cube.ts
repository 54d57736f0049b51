import { badInput, tooComplex } from '../../errors.js';
import type { MeasureKind, SpendCubeQuery, SpendDimension, SpendMeasure } from '../../generated/graphql.js';
import { average, fromScaled, money, ratio, subtractMoney, toScaled } from '../../lib/decimal.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Row } from '../../store/store.js';
import { DIMENSIONS, categoryLevel, dimensionDef, parentKey, publicKey, type Calendar, type DimensionDef } from '../../core/dimensions.js';
import { LINES, dimensionColumn, type SpendColumn, type SpendSource } from '../../core/spend-rollup.js';

/**
 * The spend cube planner: one SQL statement per request. Lines are filtered and grouped by
 * their fact-level columns in `pre` (one scan, no joins), keyed by dimension in `base` (joins
 * on a few thousand partial rows), rolled up once with GROUPING SETS in `agg` (distinct supplier
 * counts stay exact at every subtotal level because `pre` keeps the supplier when they are asked
 * for), and labels are joined to the aggregated rows only.
 * Every identifier comes from the allow-lists below; every value is bound.
 */

/** Base aggregates the engine computes; everything else is derived exactly from them. */
type BaseAggregate = 'spend' | 'lines' | 'suppliers' | 'onContract' | 'withPo' | 'quantity' | 'previous' | 'emissions' | 'unmapped';
/** Aggregates with a partial in the first step (over the lines). */
type PartialAggregate = 'spend' | 'lines' | 'onContract' | 'withPo' | 'quantity' | 'previous';
const PARTIALS: readonly PartialAggregate[] = ['spend', 'lines', 'onContract', 'withPo', 'quantity', 'previous'];

/** `value` for a line that is current (see preSql) and meets `cond` (either may be null: no condition), else `otherwise`. */
function onlyWhen(current: Sql | null, cond: Sql | null, value: Sql, otherwise: Sql | null = null): Sql {
  const c = current && cond ? sql`${current} AND ${cond}` : (current ?? cond);
  if (c === null) return value;
  return otherwise === null ? sql`CASE WHEN ${c} THEN ${value} END` : sql`CASE WHEN ${c} THEN ${value} ELSE ${otherwise} END`;
}

/**
 * First step, over the lines: partial aggregates per combination of source columns. `current`
 * is the condition of a line of the period itself when a previous period is read in the same
 * scan (null: every line is current).
 */
function preSql(a: PartialAggregate, current: Sql | null, source: SpendSource): Sql {
  const when = (cond: Sql | null, value: Sql, otherwise: Sql | null = null) => onlyWhen(current, cond, value, otherwise);
  const amount = sql`s.amount_reporting`;
  switch (a) {
    case 'spend':
      return sql`SUM(${when(null, amount)}) AS a_spend`;
    case 'lines':
      return sql`${source.count(current)} AS a_lines`;
    case 'onContract':
      return sql`SUM(${when(sql`s.contract_id IS NOT NULL`, amount, sql`0`)}) AS a_on_contract`;
    case 'withPo':
      return sql`SUM(${when(sql`s.po_number IS NOT NULL`, amount, sql`0`)}) AS a_with_po`;
    case 'quantity':
      return sql`SUM(${when(null, sql`s.quantity`)}) AS a_quantity`;
    case 'previous':
      if (!current) throw new Error('previous-period partial without a period');
      return sql`SUM(CASE WHEN ${current} THEN NULL ELSE ${amount} END) AS a_previous`;
  }
}
const PRE_COLUMN: Record<PartialAggregate, Sql> = {
  spend: sql`p.a_spend`, lines: sql`p.a_lines`, onContract: sql`p.a_on_contract`, withPo: sql`p.a_with_po`, quantity: sql`p.a_quantity`, previous: sql`p.a_previous`,
};
/** Second step, over the partials: the partials summed, suppliers counted distinct (exact per level). */
const BASE_SQL: Record<Exclude<BaseAggregate, 'suppliers'>, Sql> = {
  spend: sql`SUM(a_spend)`,
  lines: sql`SUM(a_lines)`,
  onContract: sql`SUM(a_on_contract)`,
  withPo: sql`SUM(a_with_po)`,
  quantity: sql`SUM(a_quantity)`,
  previous: sql`SUM(a_previous)`,
  emissions: sql`SUM(e_kg)`,
  unmapped: sql`SUM(e_unmapped)`,
};
const BASE_ALIAS: Record<BaseAggregate, Sql> = {
  spend: sql`m_spend`, lines: sql`m_lines`, suppliers: sql`m_suppliers`, onContract: sql`m_on_contract`, withPo: sql`m_with_po`,
  quantity: sql`m_quantity`, previous: sql`m_previous`, emissions: sql`m_emissions`, unmapped: sql`m_unmapped`,
};
const BASE_COLUMN: Record<BaseAggregate, string> = {
  spend: 'm_spend', lines: 'm_lines', suppliers: 'm_suppliers', onContract: 'm_on_contract', withPo: 'm_with_po',
  quantity: 'm_quantity', previous: 'm_previous', emissions: 'm_emissions', unmapped: 'm_unmapped',
};

/** The engine's aggregates of one row; null where the engine's SUM had nothing to add. */
type Aggregates = Record<BaseAggregate, string | null>;

interface MeasureDef {
  label: string;
  kind: MeasureKind;
  /** Unit of a NUMBER measure. */
  unit?: string;
  needs: BaseAggregate[];
  /** Sort expression over the aggregated row. */
  order: Sql;
  value: (a: Aggregates, grandSpend: string) => string | null;
}

const safeDiv = (a: Sql, b: Sql) => sql`CAST(${a} AS DOUBLE PRECISION) / NULLIF(CAST(${b} AS DOUBLE PRECISION), 0)`;
const spendOf = (a: Aggregates) => money(a.spend);

/** Emissions are reported in kilograms with one decimal, rounded half to even. */
const EMISSIONS_SCALE = 1;
/** Quantities keep the six decimals they are stored with. */
const QUANTITY_SCALE = 6;

export const MEASURES: Record<SpendMeasure, MeasureDef> = {
  SPEND: { label: 'Spend', kind: 'MONEY', needs: ['spend'], order: sql`m_spend`, value: (a) => spendOf(a) },
  LINE_COUNT: { label: 'Lines', kind: 'COUNT', needs: ['lines'], order: sql`m_lines`, value: (a) => String(Number(a.lines ?? 0)) },
  SUPPLIER_COUNT: {
    label: 'Suppliers', kind: 'COUNT', needs: ['suppliers'], order: sql`m_suppliers`, value: (a) => String(Number(a.suppliers ?? 0)),
  },
  ON_CONTRACT_SPEND: {
    label: 'On-contract spend', kind: 'MONEY', needs: ['onContract'], order: sql`m_on_contract`, value: (a) => money(a.onContract),
  },
  OFF_CONTRACT_SPEND: {
    label: 'Off-contract spend', kind: 'MONEY', needs: ['spend', 'onContract'], order: sql`(m_spend - m_on_contract)`,
    value: (a) => subtractMoney(spendOf(a), money(a.onContract)),
  },
  CONTRACT_COVERAGE: {
    label: 'Contract coverage', kind: 'RATIO', needs: ['spend', 'onContract'], order: safeDiv(sql`m_on_contract`, sql`m_spend`),
    value: (a) => ratio(money(a.onContract), spendOf(a)),
  },
  PO_COVERAGE: {
    label: 'PO coverage', kind: 'RATIO', needs: ['spend', 'withPo'], order: safeDiv(sql`m_with_po`, sql`m_spend`),
    value: (a) => ratio(money(a.withPo), spendOf(a)),
  },
  AVG_LINE: {
    label: 'Average line', kind: 'MONEY', needs: ['spend', 'lines'], order: safeDiv(sql`m_spend`, sql`m_lines`),
    value: (a) => average(spendOf(a), Number(a.lines ?? 0)),
  },
  SHARE_OF_TOTAL: {
    label: 'Share of total', kind: 'RATIO', needs: ['spend'], order: sql`m_spend`,
    value: (a, grand) => ratio(spendOf(a), grand),
  },
  QUANTITY: {
    label: 'Quantity', kind: 'NUMBER', needs: ['quantity'], order: sql`m_quantity`,
    value: (a) => (a.quantity === null ? null : fromScaled(toScaled(a.quantity, QUANTITY_SCALE), QUANTITY_SCALE)),
  },
  SPEND_PREVIOUS_PERIOD: {
    label: 'Spend, previous period', kind: 'MONEY', needs: ['previous'], order: sql`m_previous`, value: (a) => money(a.previous),
  },
  CHANGE: {
    label: 'Change vs previous period', kind: 'RATIO', needs: ['spend', 'previous'],
    order: safeDiv(sql`(COALESCE(m_spend, 0) - COALESCE(m_previous, 0))`, sql`m_previous`),
    value: (a) => ratio(subtractMoney(spendOf(a), money(a.previous)), money(a.previous)),
  },
  EMISSIONS_KG: {
    label: 'Emissions (kg CO2e)', kind: 'NUMBER', unit: 'kg CO2e', needs: ['spend', 'emissions'], order: sql`m_emissions`,
    value: (a) => (a.emissions === null ? null : fromScaled(toScaled(a.emissions, EMISSIONS_SCALE), EMISSIONS_SCALE)),
  },
  EMISSIONS_UNMAPPED_SPEND: {
    label: 'Spend without emission factor', kind: 'MONEY', needs: ['spend', 'unmapped'], order: sql`m_unmapped`, value: (a) => money(a.unmapped),
  },
};

/** Measures read from the period just before the filter's (SPEND_PREVIOUS_PERIOD, CHANGE). */
export function needsPreviousPeriod(measures: readonly SpendMeasure[]): boolean {
  return measures.some((m) => MEASURES[m].needs.includes('previous'));
}

/**
 * The current and the previous period of a cube (docs/domain.md, "Previous period"). Both are read
 * in one scan: `where` is the scoped filter without its dates.
 */
export interface PeriodPlan {
  where: Sql;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** Time members of the previous period move forward by this many months (whole-month ranges)… */
  months: number | null;
  /** …or by this many days (any other range). */
  days: number | null;
}

export interface CubePlan {
  dimensions: SpendDimension[];
  measures: SpendMeasure[];
  limit: number;
  statement: Sql;
  period: PeriodPlan | null;
}

export interface CubeLimits {
  defaultRows: number;
  maxRows: number;
  /** The viewer's scope over `spend_lines s` (null or absent = unrestricted), for supplier families. */
  scope?: Sql | null;
  /** The fiscal calendar of FISCAL_YEAR and FISCAL_QUARTER (January start when absent). */
  calendar?: Calendar;
  /** Required when a previous-period measure is asked for. */
  period?: PeriodPlan | null;
  /** ISO 4217 reporting currency, for converting spend to the emission factors' US dollars (EUR when absent). */
  reportingCurrency?: string;
  /** The display currency the source's amounts are in (docs/domain.md, "Display currency"); null or absent: the reporting currency. */
  displayCurrency?: string | null;
  /** Where the partials are read from (the lines when absent); `cubeColumns` says what a rollup must hold. */
  source?: SpendSource;
}

/** The base aggregates a request's measures need (spend always). */
function neededAggregates(measures: readonly SpendMeasure[]): Set<BaseAggregate> {
  const needs = new Set<BaseAggregate>(measures.flatMap((m) => MEASURES[m].needs));
  needs.add('spend'); // SHARE_OF_TOTAL and default ordering need it; it is cheap.
  return needs;
}

const AGGREGATE_COLUMNS: Partial<Record<BaseAggregate, SpendColumn[]>> = {
  suppliers: ['supplierCount'], onContract: ['onContract'], withPo: ['po'], previous: ['month'], emissions: ['category', 'month'], unmapped: ['category', 'month'],
};

/**
 * The columns a cube request reads beyond its filter's (docs/rollups.md): its dimensions' and its
 * measures'. Null when one of them is not in any rollup.
 */
export function cubeColumns(query: Pick<SpendCubeQuery, 'dimensions' | 'measures'>): Set<SpendColumn> | null {
  const columns = new Set<SpendColumn>();
  for (const d of query.dimensions) {
    const column = dimensionColumn(d);
    if (column === null) return null;
    columns.add(column);
  }
  for (const a of neededAggregates(query.measures)) for (const c of AGGREGATE_COLUMNS[a] ?? []) columns.add(c);
  return columns;
}

/** The year of the dollars the emission factors are priced in (docs/domain.md, "Emissions"). */
export const EMISSION_FACTOR_PRICE_YEAR = 2021;
/** Decimal places of the kilograms per reporting-currency unit a category's factor comes to in a month. */
export const EMISSION_RATE_DECIMALS = 9;

/**
 * Kilograms CO2e per unit of reporting currency, per category with a factor and per month the
 * partials hold: the category's NAICS code (its own, else its nearest ancestor's) gives the EPA
 * factor in kg per 2021 USD; spend is turned into US dollars at the month's USD rate and brought
 * to 2021 prices with the US consumer price index of its year. Categories without a factor and
 * months without a USD rate have no row, so their spend is reported as unmapped, never as zero.
 */
function emissionRates(reportingCurrency: string, displayCurrency: string | null): Sql {
  // Units of the figures' currency per US dollar: the USD rate (reporting per USD) over the
  // display currency's (reporting per unit of it), either being 1 when it is the reporting currency.
  const target = displayCurrency ?? reportingCurrency;
  const usdRate = reportingCurrency === 'USD' ? sql`1` : sql`fx.rate_to_reporting`;
  const displayRate = displayCurrency === null ? sql`1` : sql`fxd.rate_to_reporting`;
  const usdPerReporting = target === 'USD' ? sql`1` : displayCurrency === null ? usdRate : sql`(${usdRate} / ${displayRate})`;
  const fxJoin = target === 'USD' ? sql``
    : sql`${reportingCurrency === 'USD' ? sql`` : sql`JOIN fx_rates fx ON fx.currency = ${'USD'} AND fx.month = m.month`}
      ${displayCurrency === null ? sql`` : sql`JOIN fx_rates fxd ON fxd.currency = ${displayCurrency} AND fxd.month = m.month`}`;
  return sql`em_factor AS (
    SELECT c.id AS category_id, f.kg_co2e_per_usd AS factor
    FROM categories c
    LEFT JOIN categories a1 ON a1.id = c.l1_id
    LEFT JOIN categories a2 ON a2.id = c.l2_id
    LEFT JOIN categories a3 ON a3.id = c.l3_id
    LEFT JOIN categories a4 ON a4.id = c.l4_id
    JOIN emission_factors f ON f.naics_code = COALESCE(a4.naics_code, a3.naics_code, a2.naics_code, a1.naics_code)
  ), em_rate AS (
    SELECT ef.category_id, m.month,
      CAST(ROUND(ef.factor * py0.cpi_u / (py.cpi_u * ${usdPerReporting}), ${sql.int(EMISSION_RATE_DECIMALS)}) AS DECIMAL(18,9)) AS k
    FROM em_factor ef
    CROSS JOIN (SELECT DISTINCT src_fx_month AS month FROM pre) m
    ${fxJoin}
    JOIN usd_price_index py ON py.year = LEAST(GREATEST(CAST(EXTRACT(YEAR FROM m.month) AS INTEGER),
      (SELECT MIN(year) FROM usd_price_index)), (SELECT MAX(year) FROM usd_price_index))
    JOIN usd_price_index py0 ON py0.year = ${EMISSION_FACTOR_PRICE_YEAR}
  )`;
}

/** Validates the request and builds the single statement. `where` is the scoped filter over `s`. */
export function planCube(query: SpendCubeQuery, where: Sql, limits: CubeLimits): CubePlan {
  const dimensions = [...query.dimensions];
  const measures = [...query.measures];
  const columnDimensions = query.columnDimensions ?? 0;
  if (!Number.isInteger(columnDimensions) || columnDimensions < 0 || columnDimensions > 2 || columnDimensions > dimensions.length) {
    throw badInput('query.columnDimensions', 'query.columnDimensions must be 0, 1 or 2, and no more than the dimensions.');
  }
  // A pivot of three row dimensions under two column dimensions (docs/domain.md, "The spend cube").
  const maxDimensions = columnDimensions === 2 ? 5 : 4;
  if (dimensions.length > maxDimensions) throw badInput('query.dimensions', `A cube may have at most 4 dimensions (5 with two column dimensions).`);
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

  const needs = neededAggregates(measures);
  const source = limits.source ?? LINES;
  const period = needs.has('previous') ? (limits.period ?? null) : null;
  if (needs.has('previous') && !period) throw new Error('planCube: a previous-period measure needs limits.period');
  // With a previous period in the scan, a line counts for the current figures only inside the period.
  const current = period ? sql`s.invoice_date >= CAST(${period.from} AS DATE)` : null;
  // Distinct suppliers are counted over partials holding current lines only.
  if (period && needs.has('suppliers')) needs.add('lines');
  const emissions = needs.has('emissions') || needs.has('unmapped');
  const aggregates = [...needs];

  // Time members of previous-period lines are read from their date moved into the period, so a
  // row keyed by a month compares with the month one period earlier.
  const date = !period
    ? sql`s.invoice_date`
    : period.months !== null
      ? sql`(CASE WHEN ${current!} THEN s.invoice_date ELSE s.invoice_date + (${sql.int(period.months)} * INTERVAL '1 month') END)`
      : sql`(CASE WHEN ${current!} THEN s.invoice_date ELSE s.invoice_date + ${sql.int(period.days ?? 0)} END)`;
  const calendar = limits.calendar ?? { fiscalYearStartMonth: 1 };
  // With subtotals from a rollup (tens of thousands of rows, not millions), a category level is
  // read in the first step, so the partials every grouping set goes over are grouped by it rather
  // than by the leaf category: L1 × business unit × quarter from the supplier sets has 1,860
  // partials instead of 15,600 (PostgreSQL: 85–110 → 45–52 ms). Over the lines the join per line
  // costs more than it saves, and without subtotals the partials are read once (one level from
  // the units rollup: 32 → 43 ms on PostgreSQL when joined first).
  const early = source.name !== 'lines' && Boolean(query.subtotals);
  const defs = dimensions.map((d): DimensionDef => {
    if (d === 'SUPPLIER_PARENT' && limits.scope) return { ...DIMENSIONS[d], key: parentKey(limits.scope) };
    const def = dimensionDef(d, calendar, date);
    const level = categoryLevel(d);
    if (!early || !level) return def;
    return { ...def, source: sql`pc.${level.column}`, sourceColumn: level.sourceColumn, key: sql`p.${level.sourceColumn}`, needsCategory: false };
  });
  const preJoin = early && dimensions.some((d) => categoryLevel(d)) ? sql` LEFT JOIN categories pc ON pc.id = s.category_id` : sql``;

  // Step 1: group the lines by the fact-level columns the dimensions derive from (plus the
  // supplier when distinct suppliers are counted, and the category and month when emissions are
  // converted). This scans the fact table once and shrinks it before any join.
  const sources = new Map<string, { source: Sql; column: Sql }>();
  const addSource = (source: Sql, column: Sql) => sources.set(column.toQuery().text, { source, column });
  for (const d of defs) addSource(d.source, d.sourceColumn);
  // Distinct suppliers: from a rollup of supplier sets, each partial ORs its rows' sets; otherwise
  // the partials keep the supplier and each level counts them distinct.
  const supplierSet = needs.has('suppliers') ? (source.supplierSet ?? null) : null;
  if (needs.has('suppliers') && !supplierSet) addSource(DIMENSIONS.SUPPLIER.source, DIMENSIONS.SUPPLIER.sourceColumn);
  if (emissions) {
    addSource(DIMENSIONS.CATEGORY_L1.source, DIMENSIONS.CATEGORY_L1.sourceColumn);
    addSource(sql`CAST(date_trunc('month', s.invoice_date) AS DATE)`, sql`src_fx_month`);
  }
  const partials = PARTIALS.filter((a) => needs.has(a));
  const sourceList = [...sources.values()];
  const scanWhere = period
    ? sql`${period.where} AND s.invoice_date BETWEEN CAST(${period.previousFrom} AS DATE) AND CAST(${period.to} AS DATE)`
    : where;
  // Grouped by position: a source may hold bound values, which would not match when repeated.
  const groupBy = sourceList.length ? sql` GROUP BY ${sql.join(sourceList.map((_, i) => sql.int(i + 1)))}` : sql``;
  const setPartial = supplierSet ? [sql`bit_or(${onlyWhen(current, null, supplierSet)}) AS a_supplier_set`] : [];
  const pre = sql`SELECT ${sql.join([...sourceList.map((x) => sql`${x.source} AS ${x.column}`), ...partials.map((a) => preSql(a, current, source)), ...setPartial])}
    FROM ${source.relation}${preJoin} WHERE ${scanWhere}${groupBy}`;

  // Step 2: join the small dimension tables to the partials and key them by dimension.
  const joins: Sql[] = [];
  if (defs.some((d) => d.needsCategory)) joins.push(sql`LEFT JOIN categories c ON c.id = p.src_category`);
  if (defs.some((d) => d.needsSupplier)) joins.push(sql`LEFT JOIN suppliers sup ON sup.id = p.src_supplier`);
  if (emissions) joins.push(sql`LEFT JOIN em_rate er ON er.category_id = p.src_category AND er.month = p.src_fx_month`);
  const dimAlias = (i: number) => DIM_ALIASES[i];
  const baseColumns = [
    ...defs.map((d, i) => sql`${d.key} AS ${dimAlias(i)}`),
    ...partials.map((a) => PRE_COLUMN[a]),
    ...(needs.has('suppliers') ? [supplierSet ? sql`p.a_supplier_set` : sql`p.src_supplier`] : []),
    ...(emissions ? [sql`p.a_spend * er.k AS e_kg`, sql`CASE WHEN er.k IS NULL THEN p.a_spend END AS e_unmapped`] : []),
  ];
  const base = sql`SELECT ${sql.join(baseColumns)} FROM pre p ${sql.join(joins, sql` `)}`;

  const suppliersSql = supplierSet
    ? sql`COALESCE(bit_count(bit_or(a_supplier_set)), 0)`
    : period ? sql`COUNT(DISTINCT CASE WHEN a_lines > 0 THEN src_supplier END)` : sql`COUNT(DISTINCT src_supplier)`;
  const aggColumns = aggregates.map((a) => sql`${a === 'suppliers' ? suppliersSql : BASE_SQL[a]} AS ${BASE_ALIAS[a]}`);
  let agg: Sql;
  if (dimensions.length === 0) {
    agg = sql`SELECT 0 AS g, ${sql.join(aggColumns)} FROM base`;
  } else {
    const all = sql.join(defs.map((_, i) => dimAlias(i)));
    // Detail level always; each shorter prefix only when subtotals are asked for; the grand total always.
    const sets: Sql[] = [sql`(${all})`];
    if (query.subtotals) {
      // Each prefix of the column dimensions (none included) crossed with each prefix of the row
      // dimensions: without column dimensions, every prefix of the dimensions.
      const rowCount = dimensions.length - columnDimensions;
      for (let c = columnDimensions; c >= 0; c--) {
        for (let r = rowCount; r >= 0; r--) {
          if ((c === columnDimensions && r === rowCount) || (c === 0 && r === 0)) continue;
          const indexes = [...Array(c).keys(), ...Array.from({ length: r }, (_, i) => columnDimensions + i)];
          sets.push(sql`(${sql.join(indexes.map((i) => dimAlias(i)))})`);
        }
      }
    }
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
  // A missing key (Off contract, Unclassified) and a subtotal both read NULL: the detail row comes first, always.
  if (defs.length) order.push(sql`agg.g ASC`);

  // The grand total sorts first; one extra row tells whether the result was truncated.
  const rates = emissions ? sql`, ${emissionRates(limits.reportingCurrency ?? 'EUR', limits.displayCurrency && limits.displayCurrency !== (limits.reportingCurrency ?? 'EUR') ? limits.displayCurrency : null)}` : sql``;
  const statement = sql`WITH pre AS (${pre})${rates}, base AS (${base}), agg AS (${agg})
SELECT agg.*${labelColumns.length ? sql`, ${sql.join(labelColumns)}` : sql``}
FROM agg ${sql.join(labelJoins, sql` `)}
ORDER BY ${sql.join(order)}
LIMIT ${limit + 2}`;

  return { dimensions, measures, limit, statement, period };
}

const DIM_ALIASES = [sql`d0`, sql`d1`, sql`d2`, sql`d3`, sql`d4`];
const DIM_COLUMNS = ['d0', 'd1', 'd2', 'd3', 'd4'];
const LABEL_ALIASES = [sql`l0`, sql`l1`, sql`l2`, sql`l3`, sql`l4`];
const LABEL_COLUMNS = [sql`d0_label`, sql`d1_label`, sql`d2_label`, sql`d3_label`, sql`d4_label`];
const LABEL_KEYS = ['d0_label', 'd1_label', 'd2_label', 'd3_label', 'd4_label'];

export interface CubeResult {
  columns: Array<{ measure: SpendMeasure; label: string; kind: MeasureKind; currency: string | null; unit: string | null }>;
  rows: Array<{
    keys: Array<{ dimension: SpendDimension; id: string | null; label: string; rolledUp: boolean }>;
    values: Array<string | null>;
    depth: number;
  }>;
  totals: { values: Array<string | null> };
  truncated: boolean;
  currency: string;
  period: { dateFrom: string; dateTo: string } | null;
  previousPeriod: { dateFrom: string; dateTo: string; months: number | null; days: number | null } | null;
}

function aggregatesOf(row: Row | undefined): Aggregates {
  const get = (a: BaseAggregate) => {
    const v = row?.[BASE_COLUMN[a]];
    return v === undefined || v === null ? null : String(v);
  };
  return {
    spend: get('spend'), lines: get('lines'), suppliers: get('suppliers'), onContract: get('onContract'), withPo: get('withPo'),
    quantity: get('quantity'), previous: get('previous'), emissions: get('emissions'), unmapped: get('unmapped'),
  };
}

/** Maps the engine's rows to the GraphQL shape, computing derived measures exactly. */
export function shapeCube(plan: CubePlan, rows: Row[], currency: string): CubeResult {
  const fullMask = (1 << plan.dimensions.length) - 1;
  const totalRow = rows.find((r) => Number(r.g) === fullMask);
  const detail = rows.filter((r) => r !== totalRow);
  const grand = aggregatesOf(totalRow);
  const grandSpend = money(grand.spend);
  const valuesOf = (a: Aggregates) => plan.measures.map((m) => MEASURES[m].value(a, grandSpend));
  const n = plan.dimensions.length;
  return {
    columns: plan.measures.map((m) => ({
      measure: m, label: MEASURES[m].label, kind: MEASURES[m].kind, currency: MEASURES[m].kind === 'MONEY' ? currency : null, unit: MEASURES[m].unit ?? null,
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
    period: plan.period ? { dateFrom: plan.period.from, dateTo: plan.period.to } : null,
    previousPeriod: plan.period
      ? { dateFrom: plan.period.previousFrom, dateTo: plan.period.previousTo, months: plan.period.months, days: plan.period.days }
      : null,
  };
}
