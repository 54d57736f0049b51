import { badInput } from '../../errors.js';
import type { SpendFilter } from '../../generated/graphql.js';
import { money, ratio } from '../../lib/decimal.js';
import type { CategoryRecord } from '../../core/directory.js';
import type { OpportunityKind } from '../../core/opportunities.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter } from '../../core/spend-filter.js';
import { pricesIndexed } from '../../core/spend-rollup.js';
import * as q from './opportunities.queries.js';

/** A list field's `limit` argument: 1 to MAX_LISTED. */
export function listLimit(limit: number | null | undefined, field: string): number {
  const n = limit ?? 10;
  if (!Number.isInteger(n) || n < 1 || n > q.MAX_LISTED) throw badInput(field, `${field} must be from 1 to ${q.MAX_LISTED}, got ${n}.`);
  return n;
}

/** Figures every opportunity has; `linesTotal` is what `SpendFilter.opportunity` lists. */
interface Common {
  kind: OpportunityKind;
  amount: string;
  linesTotal: string;
  lineCount: number;
  shareOfSpend: string | null;
}

export interface FragmentedCategoryFigures {
  category: CategoryRecord;
  spend: string;
  supplierCount: number;
  suppliersForShare: number;
}

export interface PriceVarianceItemFigures {
  category: CategoryRecord | null;
  description: string;
  lineCount: number;
  benchmarkUnitPrice: string;
  spendAboveBenchmark: string;
  excess: string;
}

export interface SavingsOpportunitiesResult {
  totalSpend: string;
  currency: string;
  tailSpend: Common & { supplierCount: number; allSuppliers: number };
  supplierFragmentation: Common & { categoryCount: number; categories: FragmentedCategoryFigures[] };
  offContract: Common & { supplierCount: number };
  priceVariance: Common & { itemCount: number; items: PriceVarianceItemFigures[] };
}

const count = (v: string | null | undefined) => Number(v ?? 0);

/** Savings opportunities (docs/domain.md): tail spend, fragmentation, off-contract spend, unit-price variance. */
export class OpportunitiesService {
  constructor(private readonly data: RequestData) {}

  async opportunities(input: SpendFilter | null | undefined): Promise<SavingsOpportunitiesResult> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const filter = validateFilter(input);
    if (filter.opportunity !== null) throw badInput('filter.opportunity', 'filter.opportunity lists the lines behind one opportunity; savingsOpportunities takes the filter without it.');
    await this.data.displayCurrency(filter);
    const directory = await this.data.directory();
    const where = spendWhere(filter, viewer.scope, directory);
    const rules = this.data.config;
    // Two statements on two pooled connections: the supplier-based sets, and the priced lines.
    // The supplier sets need only category, supplier and contract: a rollup answers them when the filter allows (docs/rollups.md).
    const source = this.data.opportunitySetsSource(filter);
    // Unit prices come from the unit-price index when it is current and holds every column the filter names.
    // The index holds reporting amounts: a display currency reads the converted lines.
    const display = filter.displayCurrency !== null && filter.displayCurrency !== rules.reportingCurrency;
    const indexed = display ? false : pricesIndexed(this.data.store, filter, viewer.scope, rules);
    const [sets, prices] = await this.data.cached('opportunities', filter, () => Promise.all([
      q.supplierSetFigures(this.data.store, where, rules, source), q.priceVarianceFigures(this.data.store, where, rules, indexed, this.data.linesFor(filter)),
    ]));
    const total = money(sets.total);
    const common = (kind: OpportunityKind, amount: string, linesTotal: string, lines: string | null): Common => ({
      kind, amount, linesTotal, lineCount: count(lines), shareOfSpend: ratio(amount, total),
    });
    const tail = money(sets.tail_spend);
    const fragmented = money(sets.fragmented_spend);
    const off = money(sets.off_spend);
    const excess = money(prices.excess);
    const category = (id: number) => directory.categoriesById.get(id) ?? null;
    const fragmentedRows = JSON.parse(sets.fragmented_categories ?? '[]') as q.FragmentedCategoryRow[];
    const items = JSON.parse(prices.top ?? '[]') as q.PriceVarianceItemRow[];
    return {
      totalSpend: total,
      currency: this.data.currencyOf(filter),
      tailSpend: { ...common('TAIL_SPEND', tail, tail, sets.tail_lines), supplierCount: count(sets.tail_suppliers), allSuppliers: count(sets.all_suppliers) },
      supplierFragmentation: {
        ...common('SUPPLIER_FRAGMENTATION', fragmented, fragmented, sets.fragmented_lines),
        categoryCount: fragmentedRows.length,
        categories: fragmentedRows.slice(0, q.MAX_LISTED).flatMap((f) => {
          const found = category(f.category_id);
          return found ? [{ category: found, spend: money(f.spend), supplierCount: Number(f.suppliers), suppliersForShare: Number(f.suppliers_for_share) }] : [];
        }),
      },
      offContract: { ...common('OFF_CONTRACT', off, off, sets.off_lines), supplierCount: count(sets.off_suppliers) },
      priceVariance: {
        ...common('PRICE_VARIANCE', excess, money(prices.spend), prices.lines),
        itemCount: count(prices.items),
        items: items.map((t) => ({
          category: t.item_category === 0 ? null : category(t.item_category),
          description: t.item,
          lineCount: Number(t.lines),
          benchmarkUnitPrice: t.benchmark_price,
          spendAboveBenchmark: money(t.spend),
          excess: money(t.excess),
        })),
      },
    };
  }
}
