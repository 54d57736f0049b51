/**
 * Streams spend lines as CSV rows from the demo model: in invoice-date order (so DuckDB's
 * per-row-group min/max prunes date filters), with nothing kept per line, so ten million lines
 * cost no more memory than ten thousand.
 */
import { AliasTable, Rng } from './random.js';
import { fromScaled } from '../lib/decimal.js';
import { convertCents, csvField, isoDate, type CsvWriter } from './csv.js';
import { CREDIT_NOTE_SHARE, DEMO_LOADED_AT, UNCLASSIFIED_SHARE, AMOUNT_SIGMA, type DemoModel } from './model.js';

/** Column order of the rows written below; the loader passes it to COPY. */
export const SPEND_LINE_COLUMNS = [
  'id', 'import_batch_id', 'source_ref', 'invoice_date', 'posting_date', 'supplier_id', 'raw_supplier_name',
  'category_id', 'classification_source', 'classification_rule_id', 'business_unit_id', 'cost_center_id',
  'gl_account_id', 'description', 'quantity', 'unit_price', 'amount', 'currency', 'amount_reporting',
  'contract_id', 'po_number', 'country_code', 'created_at', 'updated_at',
] as const;

export const DEMO_IMPORT_BATCH_ID = 1;

const SUNDRY_GL_SHARE = 0.03;
const PO_SHARE_ON_CONTRACT = 0.9;
const PO_SHARE_OFF_CONTRACT = 0.5;
/** How often a line carries the supplier's canonical name rather than one of its messy variants. */
const CANONICAL_NAME_SHARE = 0.55;
const MAX_POSTING_LAG_DAYS = 20;
/** A median line buys about this many units of its item. */
const UNITS_PER_MEDIAN_LINE = 6;

/** A deterministic value in [0, 1) from two integers (a 32-bit mix), for figures that must not draw from the random stream. */
/**
 * Unclassified lines are often the ones whose text says nothing of what was bought: a share of the
 * demo's carry one of these instead of their item's description, and no quantity. The classifier
 * has to go by the supplier, the account and the cost centre for them, so its review screen shows
 * the spread of confidence a real ledger gives (docs/domain.md, "Classification").
 */
const VAGUE_SHARE = 0.4;
const VAGUE_DESCRIPTIONS = ['Invoice payment', 'Services as agreed', 'Sundry purchases', 'Monthly charge', 'Goods received', 'As per quotation'];

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4_294_967_296;
}

/**
 * Quantity and unit price (source currency) of a line whose amount is already drawn. Each item (a
 * leaf's description) has a list price; a supplier charges its own level of it (0.85–1.25×, fixed
 * per supplier and item) and each line varies by ±5%, so the same item is bought at different
 * prices, as unit-price variance expects. Derived from ids, not the random stream, so every other
 * column stays as it was. Returns [quantity, unitPrice] as 6-decimal text.
 */
function quantityAndUnitPrice(cents: number, medianPrice: number, supplierId: number, item: number, lineId: number): [string, string] {
  const listPrice = (medianPrice / UNITS_PER_MEDIAN_LINE) * (0.7 + 0.6 * mix(item, 0));
  const price = listPrice * (0.85 + 0.4 * mix(supplierId, item)) * (0.95 + 0.1 * mix(lineId, 1));
  let quantityMicros = Math.round((cents / 100 / price) * 1e6);
  if (quantityMicros === 0) quantityMicros = cents < 0 ? -1 : 1;
  const unitPriceMicros = Math.round((cents * 1e10) / quantityMicros);
  return [fromScaled(quantityMicros, 6), fromScaled(unitPriceMicros, 6)];
}

/** Per supplier, what a line needs, pre-formatted once instead of once per line. */
interface SupplierPlan {
  idField: string;
  aliasFields: string[];
  countryField: string;
  currency: string;
  fx: number[];
  leafIndexes: number[];
  /** Cumulative leaf weights, for a draw with one comparison or two. */
  leafCumulative: number[];
  /**
   * Per leaf: flat [fromDay, toDay, contractId, …] of the contracts a line is written for (which
   * business unit raised it, whether it has a PO). The stored contract_id is not written here: the
   * seed sets it afterwards with the matching rule every import and contract edit uses.
   */
  contractWindows: number[][];
}

interface LeafPlan {
  idField: string;
  mu: number;
  capCents: number;
  glAccountId: number;
  descriptionFields: string[];
  /** Median line amount; list prices derive from it. */
  medianPrice: number;
  /** First item number of the leaf's descriptions (items are numbered across all leaves). */
  firstItem: number;
}

export class SpendLineStream {
  private readonly rng: Rng;
  private readonly supplierTable: AliasTable;
  private readonly businessUnitTable: AliasTable;
  private readonly suppliers: SupplierPlan[];
  private readonly leaves: LeafPlan[];
  private readonly contractUnits = new Map<number, number[]>();
  /** ISO strings for every day a line can carry, indexed from the period's first day. */
  private readonly dates: string[];
  private readonly firstDay: number;
  private readonly timestamps = `${DEMO_LOADED_AT},${DEMO_LOADED_AT}`;

  private month = 0;
  private indexInMonth = 0;
  /** Id of the next line (ids run 1..N). */
  private nextId = 1;
  /** Sum of amount_reporting in cents (below 2^53 up to far beyond 50M lines; checked on read). */
  private totalReportingCents = 0;

  constructor(private readonly model: DemoModel) {
    this.rng = new Rng(model.seed, 'spend-lines');
    this.firstDay = model.monthStarts[0];
    const lastDay = model.monthStarts[model.monthStarts.length - 1] + MAX_POSTING_LAG_DAYS;
    this.dates = Array.from({ length: lastDay - this.firstDay + 1 }, (_, i) => isoDate(this.firstDay + i));
    this.supplierTable = new AliasTable(model.suppliers.map((s) => s.lineShare));
    this.businessUnitTable = new AliasTable(model.businessUnits.map((b) => b.weight));
    this.leaves = model.leaves.map((leaf) => ({
      idField: String(leaf.categoryId),
      mu: leaf.mu,
      // A ceiling on outliers: a lognormal tail would otherwise put the odd 200× invoice in a category.
      capCents: Math.round(Math.exp(leaf.mu) * 60) * 100,
      glAccountId: leaf.glAccountId,
      descriptionFields: leaf.descriptions.map(csvField),
      medianPrice: Math.exp(leaf.mu),
      firstItem: 0,
    }));
    let item = 0;
    for (const leaf of this.leaves) {
      leaf.firstItem = item;
      item += leaf.descriptionFields.length;
    }
    const onContract = model.contracts.filter((c) => c.status !== 'DRAFT');
    for (const c of onContract) this.contractUnits.set(c.id, c.businessUnitIds);
    this.suppliers = model.suppliers.map((s) => {
      let cumulative = 0;
      const leafIds = s.leafIndexes.map((li) => model.leaves[li].categoryId);
      return {
        idField: String(s.id),
        aliasFields: s.aliases.map(csvField),
        countryField: s.countryCode,
        currency: s.currency,
        fx: model.fxMicros[s.currency],
        leafIndexes: s.leafIndexes,
        leafCumulative: s.leafWeights.map((w) => (cumulative += w)),
        contractWindows: leafIds.map((categoryId) =>
          onContract
            .filter((c) => c.supplierId === s.id && c.categoryIds.includes(categoryId))
            // A terminated contract covers spend only up to its termination.
            .flatMap((c) => [c.startDay, c.terminatedDay !== null ? Math.min(c.endDay, c.terminatedDay) : c.endDay, c.id])),
      };
    });
  }

  get written(): number {
    return this.nextId - 1;
  }

  get totalReporting(): bigint {
    if (!Number.isSafeInteger(this.totalReportingCents)) throw new Error('total amount exceeds exact integer range');
    return BigInt(this.totalReportingCents);
  }

  /** Writes up to `count` further lines; returns how many it wrote (0 once all are out). */
  writeRows(out: CsvWriter, count: number): number {
    const { rng, model } = this;
    const months = model.linesPerMonth;
    let written = 0;
    while (written < count && this.month < months.length) {
      const inMonth = months[this.month];
      if (this.indexInMonth >= inMonth) {
        this.month++;
        this.indexInMonth = 0;
        continue;
      }
      // Days spread evenly through the month, in order.
      const monthStart = model.monthStarts[this.month];
      const daysInMonth = model.monthStarts[this.month + 1] - monthStart;
      const invoiceDay = monthStart + Math.floor((this.indexInMonth * daysInMonth) / inMonth);
      const monthIndex = this.month;
      this.indexInMonth++;

      const supplier = this.suppliers[this.supplierTable.draw(rng)];
      const pickLeaf = rng.next() * supplier.leafCumulative[supplier.leafCumulative.length - 1];
      let slot = 0;
      while (pickLeaf >= supplier.leafCumulative[slot]) slot++;
      const leaf = this.leaves[supplier.leafIndexes[slot]];

      let cents = Math.min(leaf.capCents, Math.max(1, Math.round(Math.exp(leaf.mu + AMOUNT_SIGMA * rng.normal()) * 100)));
      if (rng.chance(CREDIT_NOTE_SHARE)) cents = -cents;
      const reportingCents = convertCents(cents, supplier.fx[monthIndex]);
      this.totalReportingCents += reportingCents;

      const classification = rng.next();
      const classified = classification >= UNCLASSIFIED_SHARE;
      let contractId = 0;
      if (classified) {
        const windows = supplier.contractWindows[slot];
        for (let w = 0; w < windows.length; w += 3) {
          if (invoiceDay >= windows[w] && invoiceDay <= windows[w + 1]) {
            contractId = windows[w + 2];
            break;
          }
        }
      }

      // Contracted spend is mostly raised by the business units the contract names; the rest,
      // raised elsewhere, is off contract (the contract does not cover those units).
      let businessUnit: number;
      if (contractId !== 0 && rng.chance(0.95)) {
        const units = this.contractUnits.get(contractId)!;
        businessUnit = units[rng.int(units.length)];
      } else {
        businessUnit = this.businessUnitTable.draw(rng) + 1;
      }
      const costCenters = model.businessUnits[businessUnit - 1].costCenterIds;
      const costCenter = costCenters[rng.int(costCenters.length)];
      const glAccount = rng.chance(SUNDRY_GL_SHARE) ? model.sundryGlAccountId : leaf.glAccountId;

      const rawName = rng.chance(CANONICAL_NAME_SHARE)
        ? supplier.aliasFields[0]
        : supplier.aliasFields[rng.int(supplier.aliasFields.length)];
      const descriptionIndex = rng.int(leaf.descriptionFields.length);
      const id = this.nextId++;
      const vague = !classified && mix(id, 7) < VAGUE_SHARE;
      const description = vague ? VAGUE_DESCRIPTIONS[Math.floor(mix(id, 8) * VAGUE_DESCRIPTIONS.length)] : leaf.descriptionFields[descriptionIndex];
      const postingDay = invoiceDay + rng.int(MAX_POSTING_LAG_DAYS + 1);
      const hasPo = rng.chance(contractId !== 0 ? PO_SHARE_ON_CONTRACT : PO_SHARE_OFF_CONTRACT);
      const po = hasPo ? `PO-${4_500_000 + rng.int(500_000)}` : '';

      const amount = fromScaled(cents, 2);
      const [quantity, unitPrice] = vague ? ['', ''] : quantityAndUnitPrice(cents, leaf.medianPrice, Number(supplier.idField), leaf.firstItem + descriptionIndex, id);
      const categoryField = classified ? leaf.idField : '';
      // The ERP extract carried the category code. (Not RULE: no rule exists to re-derive it, and a
      // run of the rules owns RULE lines and would clear them.)
      const source = classified ? 'SOURCE' : 'NONE';
      out.write(
        `${id},${DEMO_IMPORT_BATCH_ID},DEMO-${String(id).padStart(9, '0')},${this.dates[invoiceDay - this.firstDay]},${this.dates[postingDay - this.firstDay]},` +
          `${supplier.idField},${rawName},${categoryField},${source},,${businessUnit},${costCenter},${glAccount},${description},` +
          `${quantity},${unitPrice},${amount},${supplier.currency},${fromScaled(reportingCents, 2)},,` +
          `${po},${supplier.countryField},${this.timestamps}`,
      );
      written++;
    }
    return written;
  }
}
