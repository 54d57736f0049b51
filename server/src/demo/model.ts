/**
 * The demo's master data, built in memory from a seed: taxonomy, organisation, suppliers with
 * families and aliases, FX rates, contracts and users. Spend lines are streamed separately
 * (lines.ts) from this model, so nothing here grows with the number of lines.
 */
import { normaliseSupplierName } from '../lib/normalise.js';
import { Rng } from './random.js';
import { addMonths, dayNumber, isoDate } from './csv.js';
import {
  COUNTRY_BY_CODE, EURO_COUNTRY_WEIGHTS, companyName, legalSuffixOf, nameVariants,
  parentCompanyName, subsidiaryName, type CountryDef, type DemoCurrency,
} from './names.js';
import { BUSINESS_UNITS, COST_CENTER_FUNCTIONS, GL_ACCOUNTS, SUNDRY_GL_CODE, TAXONOMY } from './taxonomy.js';

/** Invoice dates run over these 36 months. */
export const DEMO_PERIOD = { from: '2023-11-01', to: '2026-10-31', months: 36 } as const;
/** Contract states (EXPIRING/EXPIRED) are designed relative to this date. */
export const DEMO_AS_OF = '2026-11-21';
/** created_at/updated_at of every seeded row: fixed, so two seeds of the same size are identical. */
export const DEMO_LOADED_AT = '2026-11-20 06:00:00';
export const REPORTING_CURRENCY = 'EUR';
export const DEMO_CURRENCIES: readonly DemoCurrency[] = ['EUR', 'GBP', 'USD'];

export const SUPPLIER_COUNT = 2000;
const FAMILY_COUNT = 150;
const CHILDREN_PER_FAMILY = 2;
/** Lognormal spread of line amounts around each category's median. */
export const AMOUNT_SIGMA = 0.9;
export const CREDIT_NOTE_SHARE = 0.02;
export const UNCLASSIFIED_SHARE = 0.05;

export type UserRole = 'ADMIN' | 'FINANCE' | 'CATEGORY_MANAGER' | 'ANALYST' | 'VIEWER';

export const DEMO_PASSWORD = 'spendscope-demo';
export const DEMO_USERS: ReadonlyArray<{ id: number; email: string; name: string; role: UserRole }> = [
  { id: 1, email: 'admin@spendscope.test', name: 'Ada Admin', role: 'ADMIN' },
  { id: 2, email: 'finance@spendscope.test', name: 'Fin Controller', role: 'FINANCE' },
  { id: 3, email: 'catman@spendscope.test', name: 'Cat Manager', role: 'CATEGORY_MANAGER' },
  { id: 4, email: 'analyst@spendscope.test', name: 'Ana Lyst', role: 'ANALYST' },
  { id: 5, email: 'viewer@spendscope.test', name: 'Vi Ewer', role: 'VIEWER' },
];
const CATEGORY_MANAGER_ID = 3;
/** The category manager owns these top-level categories; the viewer sees these business units. */
const CATEGORY_MANAGER_L1 = ['IT', 'PROF'];
const VIEWER_BUSINESS_UNITS = ['BU-OPS-N', 'BU-SCM'];

export interface DemoCategory {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  level: number;
  l1Id: number;
  l2Id: number | null;
  l3Id: number | null;
  ownerUserId: number | null;
  naicsCode: string | null;
}

/** A leaf (level-3) category with what lines need to be drawn in it. */
export interface DemoLeaf {
  categoryId: number;
  l1Code: string;
  name: string;
  /** ln(median) of the line amount. */
  mu: number;
  meanAmount: number;
  glAccountId: number;
  descriptions: readonly string[];
}

export interface DemoBusinessUnit { id: number; code: string; name: string; parentId: number | null; weight: number; costCenterIds: number[] }
export interface DemoCostCenter { id: number; code: string; name: string; businessUnitId: number }
export interface DemoGlAccount { id: number; code: string; name: string }

export interface DemoSupplier {
  id: number;
  /** 0 = largest by spend; lines are drawn Zipf-like by rank. */
  rank: number;
  name: string;
  normalisedName: string;
  parentId: number | null;
  countryCode: string;
  currency: DemoCurrency;
  taxId: string | null;
  status: 'ACTIVE' | 'BLOCKED';
  /** Share of all lines this supplier raises. */
  lineShare: number;
  /** Indexes into `leaves`, main category first, with their relative weights. */
  leafIndexes: number[];
  leafWeights: number[];
  aliases: string[];
}

export type ContractStatus = 'DRAFT' | 'ACTIVE' | 'TERMINATED';

export interface DemoContract {
  id: number;
  number: string;
  title: string;
  supplierId: number;
  startDay: number;
  endDay: number;
  ceilingCents: number;
  currency: DemoCurrency;
  status: ContractStatus;
  ownerUserId: number;
  paymentTermsDays: number;
  renewal: 'AUTO' | 'MANUAL' | 'NONE';
  noticeDays: number;
  terminatedDay: number | null;
  terminationReason: string | null;
  categoryIds: number[];
  businessUnitIds: number[];
}

export interface DemoModel {
  seed: number;
  lines: number;
  categories: DemoCategory[];
  leaves: DemoLeaf[];
  businessUnits: DemoBusinessUnit[];
  costCenters: DemoCostCenter[];
  glAccounts: DemoGlAccount[];
  sundryGlAccountId: number;
  /** Ordered by id (index = id - 1). */
  suppliers: DemoSupplier[];
  contracts: DemoContract[];
  /** First day (day number) of each month of the period, plus the day after the period. */
  monthStarts: number[];
  /** Rate to EUR in micros, per currency, per month of the period. */
  fxMicros: Record<DemoCurrency, number[]>;
  /** Spend lines per month of the period (sums to `lines`). */
  linesPerMonth: number[];
  userScopes: Array<{ userId: number; kind: 'CATEGORY' | 'BUSINESS_UNIT'; refId: number }>;
}

export function buildDemoModel(seed: number, lines: number): DemoModel {
  const glAccounts = GL_ACCOUNTS.map((g, i) => ({ id: i + 1, code: g.code, name: g.name }));
  const glIdByCode = new Map(glAccounts.map((g) => [g.code, g.id]));
  const { categories, leaves } = buildCategories(glIdByCode);
  const { businessUnits, costCenters } = buildOrganisation(new Rng(seed, 'organisation'));
  const suppliers = buildSuppliers(new Rng(seed, 'suppliers'), leaves);
  const monthStarts = Array.from({ length: DEMO_PERIOD.months + 1 }, (_, m) => addMonths(dayNumber(DEMO_PERIOD.from), m));
  const linesPerMonth = allocateLinesToMonths(lines);
  const contracts = buildContracts(new Rng(seed, 'contracts'), { suppliers, leaves, businessUnits, lines, monthStarts });

  const l1Ids = new Map(categories.filter((c) => c.level === 1).map((c) => [c.code, c.id]));
  const buIds = new Map(businessUnits.map((b) => [b.code, b.id]));
  for (const code of CATEGORY_MANAGER_L1) categories[l1Ids.get(code)! - 1].ownerUserId = CATEGORY_MANAGER_ID;
  const userScopes = [
    ...CATEGORY_MANAGER_L1.map((code) => ({ userId: CATEGORY_MANAGER_ID, kind: 'CATEGORY' as const, refId: l1Ids.get(code)! })),
    ...VIEWER_BUSINESS_UNITS.map((code) => ({ userId: 5, kind: 'BUSINESS_UNIT' as const, refId: buIds.get(code)! })),
  ];

  return {
    seed, lines, categories, leaves, businessUnits, costCenters, glAccounts,
    sundryGlAccountId: glIdByCode.get(SUNDRY_GL_CODE)!,
    suppliers, contracts, monthStarts, fxMicros: buildFxRates(new Rng(seed, 'fx')), linesPerMonth, userScopes,
  };
}

function fail(message: string): never {
  throw new Error(message);
}

// ---- taxonomy

/** Depth-first ids (IT = 1, IT.SW = 2, IT.SW.SAAS = 3, …), so a subtree is a contiguous id range. */
function buildCategories(glIdByCode: ReadonlyMap<string, number>): { categories: DemoCategory[]; leaves: DemoLeaf[] } {
  const categories: DemoCategory[] = [];
  const leaves: DemoLeaf[] = [];
  const add = (c: Omit<DemoCategory, 'id'>): number => {
    categories.push({ id: categories.length + 1, ...c });
    return categories.length;
  };
  for (const top of TAXONOMY) {
    const l1Id = add({ code: top.code, name: top.name, parentId: null, level: 1, l1Id: 0, l2Id: null, l3Id: null, ownerUserId: null, naicsCode: null });
    categories[l1Id - 1].l1Id = l1Id;
    for (const mid of top.children) {
      const l2Code = `${top.code}.${mid.code}`;
      const l2Id = add({ code: l2Code, name: mid.name, parentId: l1Id, level: 2, l1Id, l2Id: 0, l3Id: null, ownerUserId: null, naicsCode: null });
      categories[l2Id - 1].l2Id = l2Id;
      for (const def of mid.leaves) {
        const l3Id = add({ code: `${l2Code}.${def.code}`, name: def.name, parentId: l2Id, level: 3, l1Id, l2Id, l3Id: 0, ownerUserId: null, naicsCode: def.naics });
        categories[l3Id - 1].l3Id = l3Id;
        const leaf: DemoLeaf = {
          categoryId: l3Id,
          l1Code: top.code,
          name: def.name,
          mu: Math.log(def.median),
          // Mean of a lognormal, less what credit notes take back; sizes contract ceilings.
          meanAmount: def.median * Math.exp((AMOUNT_SIGMA * AMOUNT_SIGMA) / 2) * (1 - 2 * CREDIT_NOTE_SHARE),
          glAccountId: glIdByCode.get(mid.gl) ?? fail(`no GL account ${mid.gl} for ${l2Code}`),
          descriptions: def.descriptions,
        };
        leaves.push(leaf);
      }
    }
  }
  return { categories, leaves };
}

// ---- organisation

function buildOrganisation(rng: Rng): { businessUnits: DemoBusinessUnit[]; costCenters: DemoCostCenter[] } {
  const businessUnits: DemoBusinessUnit[] = BUSINESS_UNITS.map((b, i) => ({
    id: i + 1, code: b.code, name: b.name, parentId: null, weight: b.weight, costCenterIds: [],
  }));
  const idByCode = new Map(businessUnits.map((b) => [b.code, b.id]));
  BUSINESS_UNITS.forEach((b, i) => {
    if (b.parent) businessUnits[i].parentId = idByCode.get(b.parent)!;
  });
  const costCenters: DemoCostCenter[] = [];
  BUSINESS_UNITS.forEach((b, i) => {
    for (const fn of rng.sample(COST_CENTER_FUNCTIONS, 4)) {
      const id = costCenters.length + 1;
      costCenters.push({ id, code: `CC-${1000 + i * 10 + businessUnits[i].costCenterIds.length + 1}`, name: `${b.short} ${fn}`, businessUnitId: i + 1 });
      businessUnits[i].costCenterIds.push(id);
    }
  });
  return { businessUnits, costCenters };
}

// ---- suppliers

// Invented corporate brands for supplier families, so family names never clash with ordinary suppliers.
const FAMILY_PREFIXES = ['Aster', 'Bel', 'Cor', 'Dun', 'Ever', 'Gal', 'Hal', 'Kel', 'Mar', 'Nor', 'Or', 'Pen', 'Quin', 'Ros', 'Tal', 'Val', 'Wes', 'Zen', 'Alt', 'Sol'];
const FAMILY_ENDINGS = ['ion', 'ora', 'ex', 'ant', 'ara', 'is', 'ova', 'ium'];

/** Zipf-like weight by rank; the offset flattens the very top so no single supplier dominates. */
function supplierWeight(rank: number): number {
  return 1 / Math.pow(rank + 3, 1.05);
}

const CURRENCY_TARGETS: Record<DemoCurrency, number> = { EUR: 0.8, GBP: 0.12, USD: 0.08 };

function buildSuppliers(rng: Rng, leaves: DemoLeaf[]): DemoSupplier[] {
  const weights = Array.from({ length: SUPPLIER_COUNT }, (_, r) => supplierWeight(r));

  const euroCountries = Object.keys(EURO_COUNTRY_WEIGHTS);
  const euroWeights = euroCountries.map((c) => EURO_COUNTRY_WEIGHTS[c]);
  const topWeights = TAXONOMY.map((t) => t.share);
  const leafIndexesByL2 = new Map<string, number[]>();
  const leafIndexesByL1 = new Map<string, number[]>();
  let leafIndex = 0;
  for (const top of TAXONOMY) {
    for (const mid of top.children) {
      const key = `${top.code}.${mid.code}`;
      for (const _ of mid.leaves) {
        leafIndexesByL2.set(key, [...(leafIndexesByL2.get(key) ?? []), leafIndex]);
        leafIndexesByL1.set(top.code, [...(leafIndexesByL1.get(top.code) ?? []), leafIndex]);
        leafIndex++;
      }
    }
  }
  if (leafIndex !== leaves.length) throw new Error('taxonomy and leaves disagree');

  interface Draft {
    rank: number;
    expectedSpend: number;
    meanAmount: number;
    currency: DemoCurrency;
    country: CountryDef;
    top: (typeof TAXONOMY)[number];
    leafIndexes: number[];
    leafWeights: number[];
    name: string;
    parentRank: number | null;
  }
  const drafts: Draft[] = weights.map((weight, rank) => {
    const top = rng.weighted(TAXONOMY, topWeights);
    const mid = rng.pick(top.children);
    const sameMid = leafIndexesByL2.get(`${top.code}.${mid.code}`)!;
    const count = Math.min(rng.weighted([1, 2, 3], [45, 35, 20]), leafIndexesByL1.get(top.code)!.length);
    // Clustered: the main category first, further ones from the same mid-level category when it has them.
    const chosen = [rng.pick(sameMid)];
    while (chosen.length < count) {
      const pool = (rng.chance(0.8) ? sameMid : leafIndexesByL1.get(top.code)!).filter((i) => !chosen.includes(i));
      const fallback = leafIndexesByL1.get(top.code)!.filter((i) => !chosen.includes(i));
      chosen.push(rng.pick(pool.length > 0 ? pool : fallback));
    }
    const leafWeights = [[1], [0.75, 0.25], [0.65, 0.25, 0.1]][chosen.length - 1];
    const meanAmount = chosen.reduce((sum, li, i) => sum + leafWeights[i] * leaves[li].meanAmount, 0);
    // Spend follows the Zipf weight, tilted a little towards big-ticket categories; the number of lines
    // follows from it, so a construction firm sends fewer, larger invoices than a courier does.
    const expectedSpend = weight * Math.pow(meanAmount, 0.25);
    return { rank, expectedSpend, meanAmount, currency: 'EUR', country: COUNTRY_BY_CODE.get('DE')!, top, leafIndexes: chosen, leafWeights, name: '', parentRank: null };
  });

  // Currency, biggest suppliers first: each goes to whichever currency is furthest below its target
  // share of expected spend, so the mix lands near 80/12/8 whatever the seed; the tail is random.
  const assigned: Record<DemoCurrency, number> = { EUR: 0, GBP: 0, USD: 0 };
  for (const d of [...drafts].sort((a, b) => b.expectedSpend - a.expectedSpend || a.rank - b.rank)) {
    if (d.rank < 300) {
      const soFar = assigned.EUR + assigned.GBP + assigned.USD + d.expectedSpend;
      d.currency = DEMO_CURRENCIES.reduce((best, c) =>
        CURRENCY_TARGETS[c] * soFar - assigned[c] > CURRENCY_TARGETS[best] * soFar - assigned[best] ? c : best);
    } else {
      d.currency = rng.weighted(DEMO_CURRENCIES, DEMO_CURRENCIES.map((c) => CURRENCY_TARGETS[c]));
    }
    assigned[d.currency] += d.expectedSpend;
    const countryCode = d.currency === 'GBP' ? 'GB' : d.currency === 'USD' ? 'US' : rng.weighted(euroCountries, euroWeights);
    d.country = COUNTRY_BY_CODE.get(countryCode)!;
  }

  // Families: a parent company and its subsidiaries, all under one invented brand.
  const usedNames = new Set<string>();
  const claim = (name: string): boolean => {
    const key = normaliseSupplierName(name);
    if (usedNames.has(key)) return false;
    usedNames.add(key);
    return true;
  };
  const brands = FAMILY_PREFIXES.flatMap((p) => FAMILY_ENDINGS.map((e) => p + e));
  rng.shuffle(brands);
  const order = drafts.map((d) => d.rank);
  rng.shuffle(order);
  for (let f = 0; f < FAMILY_COUNT; f++) {
    const brand = brands[f];
    const parent = drafts[order[f]];
    parent.name = parentCompanyName(rng, brand, parent.country);
    if (!claim(parent.name)) throw new Error(`family name clash: ${parent.name}`);
    for (let c = 0; c < CHILDREN_PER_FAMILY; c++) {
      const child = drafts[order[FAMILY_COUNT + f * CHILDREN_PER_FAMILY + c]];
      child.parentRank = parent.rank;
      // Subsidiaries often work in the parent's line of business.
      if (rng.chance(0.5)) child.top = parent.top;
      do child.name = subsidiaryName(rng, brand, child.country, child.top.industryWords);
      while (!claim(child.name));
    }
  }
  for (const d of drafts) {
    if (d.name !== '') continue;
    do d.name = companyName(rng, d.country, d.top.industryWords);
    while (!claim(d.name));
  }

  const lineWeights = drafts.map((d) => d.expectedSpend / d.meanAmount);
  const totalLineWeight = lineWeights.reduce((a, b) => a + b, 0);

  // Ids in a shuffled order, so that id 1 is not the biggest supplier.
  const idOf = new Int32Array(SUPPLIER_COUNT);
  const idOrder = drafts.map((d) => d.rank);
  rng.shuffle(idOrder);
  idOrder.forEach((rank, i) => (idOf[rank] = i + 1));

  const taxIds = new Set<string>();
  const suppliers: DemoSupplier[] = new Array(SUPPLIER_COUNT);
  for (const d of drafts) {
    let taxId: string | null = null;
    if (rng.chance(0.7)) {
      do taxId = `${d.country.code}${String(rng.between(100_000_000, 999_999_999))}`;
      while (taxIds.has(taxId));
      taxIds.add(taxId);
    }
    const suffix = legalSuffixOf(d.name, d.country);
    suppliers[idOf[d.rank] - 1] = {
      id: idOf[d.rank],
      rank: d.rank,
      name: d.name,
      normalisedName: normaliseSupplierName(d.name),
      parentId: d.parentRank === null ? null : idOf[d.parentRank],
      countryCode: d.country.code,
      currency: d.currency,
      taxId,
      // A few small suppliers have been blocked (their history stays).
      status: d.rank > 600 && rng.chance(0.015) ? 'BLOCKED' : 'ACTIVE',
      lineShare: lineWeights[d.rank] / totalLineWeight,
      leafIndexes: d.leafIndexes,
      leafWeights: d.leafWeights,
      aliases: nameVariants(rng, d.name, suffix),
    };
  }
  return suppliers;
}

// ---- calendar and FX

/** Seasonality by calendar month (Jan…Dec, per mille): busy March (year end) and December, quiet August. */
const SEASONALITY = [960, 1000, 1230, 990, 1000, 1040, 930, 720, 1000, 1050, 1060, 1220];

/**
 * Lines per month: seasonality × ~6 %/year growth, allocated by largest remainder in integers so
 * that the counts (and so everything after them) are exact and add up to `lines`.
 */
export function allocateLinesToMonths(lines: number): number[] {
  const startMonth = Number(DEMO_PERIOD.from.slice(5, 7)) - 1;
  const weights = Array.from({ length: DEMO_PERIOD.months }, (_, m) => SEASONALITY[(startMonth + m) % 12] * (1000 + 5 * m));
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((lines * w) / total));
  const remainders = weights.map((w, m) => ({ m, r: (lines * w) % total }));
  remainders.sort((a, b) => b.r - a.r || a.m - b.m);
  let missing = lines - counts.reduce((a, b) => a + b, 0);
  for (const { m } of remainders) {
    if (missing-- <= 0) break;
    counts[m]++;
  }
  return counts;
}

/** Monthly rates to EUR as integer micros: bounded random walks, so no floating point reaches a stored rate. */
function buildFxRates(rng: Rng): Record<DemoCurrency, number[]> {
  // Pulled gently back towards the middle of the band, so the rate drifts instead of sticking to a bound.
  const walk = (start: number, lo: number, hi: number, step: number): number[] => {
    const centre = (lo + hi) / 2;
    const out: number[] = [];
    let v = start;
    for (let m = 0; m < DEMO_PERIOD.months; m++) {
      out.push(v);
      v = Math.min(hi, Math.max(lo, v + rng.between(-step, step) + Math.round((centre - v) / 6)));
    }
    return out;
  };
  return {
    EUR: new Array<number>(DEMO_PERIOD.months).fill(1_000_000),
    GBP: walk(1_158_400, 1_140_000, 1_190_000, 7_000),
    USD: walk(921_300, 880_000, 950_000, 9_000),
  };
}

/** FX rates are kept from here on, so that real files of past years (UK councils 2012–2018) convert. */
export const FX_HISTORY_FROM = '2010-01-01';
/** …and up to here, past the demo period, for files dated after it. */
export const FX_HISTORY_TO = '2027-12-01';

/**
 * Monthly rates outside the demo period: a separate random stream walking back from the period's
 * first rate and forward from its last, so the period's own rates (and so every demo line's
 * reporting amount) do not depend on how much history is kept.
 */
export function historicFxRates(seed: number, fxMicros: Record<DemoCurrency, number[]>): Array<{ currency: DemoCurrency; monthStart: number; micros: number }> {
  const rng = new Rng(seed, 'fx-history');
  const first = dayNumber(DEMO_PERIOD.from);
  const before = (first - dayNumber(FX_HISTORY_FROM) > 0) ? monthsBetween(FX_HISTORY_FROM, DEMO_PERIOD.from) : 0;
  const after = monthsBetween(DEMO_PERIOD.to.slice(0, 8) + '01', FX_HISTORY_TO);
  const out: Array<{ currency: DemoCurrency; monthStart: number; micros: number }> = [];
  for (const currency of Object.keys(fxMicros) as DemoCurrency[]) {
    const rates = fxMicros[currency];
    const step = currency === 'EUR' ? 0 : 8_000;
    let v = rates[0];
    for (let m = 1; m <= before; m++) {
      v = currency === 'EUR' ? v : Math.max(500_000, v + rng.between(-step, step));
      out.push({ currency, monthStart: addMonths(first, -m), micros: v });
    }
    v = rates[rates.length - 1];
    for (let m = 1; m <= after; m++) {
      v = currency === 'EUR' ? v : Math.max(500_000, v + rng.between(-step, step));
      out.push({ currency, monthStart: addMonths(first, DEMO_PERIOD.months - 1 + m), micros: v });
    }
  }
  return out;
}

function monthsBetween(fromIso: string, toIso: string): number {
  const [fy, fm] = fromIso.split('-').map(Number);
  const [ty, tm] = toIso.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm);
}

// ---- contracts

const CONTRACT_KINDS = ['framework agreement', 'services agreement', 'supply agreement', 'call-off contract', 'master services agreement'];
const TERMINATION_REASONS = [
  'Supplier performance below agreed service levels',
  'Requirement consolidated into a group-wide framework',
  'Supplier acquired by a competitor; change of control clause invoked',
  'Service no longer required after restructuring',
  'Repeated invoicing errors and unresolved disputes',
];

interface ContractInputs {
  suppliers: DemoSupplier[];
  leaves: DemoLeaf[];
  businessUnits: DemoBusinessUnit[];
  lines: number;
  monthStarts: number[];
}

const TARGET_CONTRACTS = 400;
const EXPIRING_MINIMUM = 15;
const WARNING_WINDOW_DAYS = 90;

/**
 * Contracts go to the big suppliers, as in real procurement: a current contract per covered
 * supplier, often preceded by an expired one, so that around 60 % of spend is on contract.
 * Ceilings follow the spend the contract is expected to carry at this dataset's size.
 */
function buildContracts(rng: Rng, input: ContractInputs): DemoContract[] {
  const asOf = dayNumber(DEMO_AS_OF);
  const periodStart = dayNumber(DEMO_PERIOD.from);
  const periodEnd = dayNumber(DEMO_PERIOD.to);
  const earliestStart = dayNumber('2021-01-01');
  const latestStart = dayNumber('2026-10-31');
  const linesPerDay = input.lines / (periodEnd - periodStart + 1);
  const byRank = [...input.suppliers].sort((a, b) => a.rank - b.rank);

  type Draft = Omit<DemoContract, 'id' | 'number'>;
  const drafts: Draft[] = [];
  /** The current (latest) contract of each chain, candidates for EXPIRING and TERMINATED. */
  const current: Draft[] = [];

  const draftFor = (s: DemoSupplier, leafIndexes: number[], startDay: number, endDay: number, status: ContractStatus, businessUnitIds: number[]): Draft => {
    const dailySpend = leafIndexes.reduce((sum, li) => {
      const w = s.leafWeights[s.leafIndexes.indexOf(li)];
      return sum + s.lineShare * w * input.leaves[li].meanAmount * linesPerDay;
    }, 0);
    const expected = dailySpend * (endDay - startDay + 1) * (0.8 + 0.7 * rng.next());
    const ceilingCents = Math.max(10_000, Math.ceil(expected / 5_000) * 5_000) * 100;
    const leafNames = leafIndexes.map((li) => input.leaves[li].name);
    const l1 = input.leaves[leafIndexes[0]].l1Code;
    return {
      // "Managed IT Services services agreement" reads badly: no second "services" after one.
      title: `${leafNames.join(' and ')} ${rng.pick(CONTRACT_KINDS.filter((k) => !(/services$/i.test(leafNames[leafNames.length - 1]) && k.includes('services'))))}`,
      supplierId: s.id,
      startDay,
      endDay,
      ceilingCents,
      // Contracts are mostly written in euros; GBP/USD suppliers sometimes contract in their own currency.
      currency: s.currency !== 'EUR' && rng.chance(0.5) ? s.currency : 'EUR',
      status,
      ownerUserId: CATEGORY_MANAGER_L1.includes(l1) ? CATEGORY_MANAGER_ID : 1,
      paymentTermsDays: rng.weighted([30, 45, 60], [5, 2, 3]),
      renewal: rng.weighted(['AUTO', 'MANUAL', 'NONE'] as const, [35, 45, 20]),
      noticeDays: rng.weighted([30, 60, 90], [3, 4, 3]),
      terminatedDay: null,
      terminationReason: null,
      categoryIds: leafIndexes.map((li) => input.leaves[li].categoryId),
      businessUnitIds,
    };
  };

  /** A term of whole years ending on `endDay`, starting inside [earliestStart, latestStart]. */
  const startFor = (endDay: number, years: readonly number[]): number | null => {
    for (const y of rng.sample(years, years.length)) {
      const start = addMonths(endDay + 1, -12 * y);
      if (start >= earliestStart && start <= latestStart) return start;
    }
    return null;
  };

  for (const s of byRank) {
    if (drafts.length >= TARGET_CONTRACTS - 10) break;
    const coverChance = s.rank < 80 ? 0.97 : s.rank < 250 ? 0.8 : s.rank < 600 ? 0.3 : 0.03;
    if (s.status === 'BLOCKED' || !rng.chance(coverChance)) continue;
    // One or two of the supplier's categories; its main one always.
    const leafIndexes = s.leafIndexes.length > 1 && rng.chance(0.8) ? s.leafIndexes.slice(0, 2) : s.leafIndexes.slice(0, 1);
    const businessUnitIds = weightedSample(rng, input.businessUnits, rng.weighted([1, 2, 3], [4, 4, 2]));
    // The current contract: ends from ~7 months before the as-of date (expired, not renewed) to ~3.5 years after.
    const endDay = asOf + rng.between(-200, 1300);
    const startDay = startFor(endDay, [3, 4, 5, 6]);
    if (startDay === null) continue;
    const contract = draftFor(s, leafIndexes, startDay, endDay, 'ACTIVE', businessUnitIds);
    drafts.push(contract);
    current.push(contract);
    // Its predecessor when the current one began inside the period: usually back to back, sometimes with a gap.
    if (startDay > periodStart + 60 && rng.chance(0.8)) {
      const previousEnd = startDay - 1 - (rng.chance(0.25) ? rng.between(10, 90) : 0);
      const previousStart = startFor(previousEnd, [2, 3, 4]);
      if (previousStart !== null) drafts.push(draftFor(s, leafIndexes, previousStart, previousEnd, 'ACTIVE', businessUnitIds));
    }
  }

  // EXPIRING is the screen people look at first: make sure a dozen and more end inside the warning window.
  const inWindow = (c: Draft) => c.endDay > asOf && c.endDay <= asOf + WARNING_WINDOW_DAYS;
  const movable = current.filter((c) => c.endDay > asOf + 365);
  rng.shuffle(movable);
  for (const c of movable) {
    if (current.filter(inWindow).length >= EXPIRING_MINIMUM) break;
    c.endDay = asOf + rng.between(3, WARNING_WINDOW_DAYS);
  }

  // A handful terminated early; spend after the termination date is no longer on contract.
  const terminable = current.filter((c) => c.startDay < asOf - 400 && c.endDay > asOf + WARNING_WINDOW_DAYS);
  for (const c of rng.sample(terminable, 8)) {
    c.status = 'TERMINATED';
    c.terminatedDay = rng.between(Math.max(c.startDay + 180, periodStart), asOf - 20);
    c.terminationReason = rng.pick(TERMINATION_REASONS);
  }

  // Drafts: new agreements being negotiated with mid-sized suppliers that have none yet.
  const covered = new Set(drafts.map((c) => c.supplierId));
  const candidates = byRank.filter((s) => s.rank >= 100 && s.rank < 700 && !covered.has(s.id) && s.status === 'ACTIVE');
  for (const s of rng.sample(candidates.slice(0, 60), 6)) {
    const startDay = dayNumber(rng.pick(['2026-12-01', '2026-12-01', '2026-11-15']));
    const endDay = addMonths(startDay, 12 * rng.pick([2, 3])) - 1;
    const businessUnitIds = weightedSample(rng, input.businessUnits, rng.weighted([1, 2], [1, 1]));
    drafts.push(draftFor(s, s.leafIndexes.slice(0, 1), startDay, endDay, 'DRAFT', businessUnitIds));
  }

  // Ids and numbers in start-date order, numbered per start year: CTR-2024-0001, …
  drafts.sort((a, b) => a.startDay - b.startDay || a.supplierId - b.supplierId);
  const perYear = new Map<string, number>();
  return drafts.map((d, i) => {
    const year = isoDate(d.startDay).slice(0, 4);
    const seq = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, seq);
    return { id: i + 1, number: `CTR-${year}-${String(seq).padStart(4, '0')}`, ...d };
  });
}

/** `k` distinct business-unit ids, bigger units more likely, in id order. */
function weightedSample(rng: Rng, units: readonly DemoBusinessUnit[], k: number): number[] {
  const pool = [...units];
  const chosen: number[] = [];
  while (chosen.length < k && pool.length > 0) {
    const unit = rng.weighted(pool, pool.map((u) => u.weight));
    chosen.push(unit.id);
    pool.splice(pool.indexOf(unit), 1);
  }
  return chosen.sort((a, b) => a - b);
}
