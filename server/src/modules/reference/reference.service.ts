import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvWriter } from '../../lib/csv-file.js';
import { AMOUNT_LIMIT_NOTE, toScaled } from '../../lib/decimal.js';
import { AppError, badInput } from '../../errors.js';
import { sqlTimestamp } from '../../core/time.js';
import { audit } from '../../core/audit.js';
import type { DirectoryCache } from '../../core/directory.js';
import type { RequestData } from '../../core/request-data.js';
import { isValidDate } from '../../core/spend-filter.js';
import { readTable } from './csv-table.js';
import { sql } from '../../store/sql.js';
import { isUniqueViolation, type Store } from '../../store/store.js';
import { isIsoCurrency } from '../../lib/currency.js';
import { refreshSuggestions, requestRetrain } from '../classification/classifier.service.js';
import { rematchSpendLines } from '../contracts/contracts.service.js';
import * as q from './reference.queries.js';

export interface ReferenceImportResult {
  added: number;
  updated: number;
  linesConverted: number;
  problems: string[];
}

const MAX_PROBLEMS = 200;
const MAX_LEVEL = 4;

const UNSPSC_PARENT: Record<string, string | null> = { segment: null, family: 'segment_code', class: 'family_code', commodity: 'class_code' };

/**
 * Taxonomy rows from either our own layout (`code,name,parent_code[,naics_code]`) or the UNSPSC
 * layout as published (`code,level,title,segment_code,family_code,class_code`), whose parent is
 * the code one level up.
 */
function readTaxonomy(text: string):
  | { rows: Array<{ rowNumber: number; code: string; name: string; parent: string | null; naics: string | null }> }
  | { problem: string } {
  const unspsc = readTable(text, ['code', 'level', 'title', 'segment_code', 'family_code', 'class_code']);
  if (!unspsc.missing.length) {
    return {
      rows: unspsc.rows.map((r) => {
        const parentColumn = UNSPSC_PARENT[r.get('level').toLowerCase()];
        return { rowNumber: r.rowNumber, code: r.get('code'), name: r.get('title'), parent: parentColumn ? r.get(parentColumn) || null : null, naics: null };
      }),
    };
  }
  const own = readTable(text, ['code', 'name', 'parent_code'], ['naics_code']);
  if (own.missing.length) {
    return { problem: `The header must name the columns code, name and parent_code (missing: ${own.missing.join(', ')}), or be a UNSPSC file (code, level, title, segment_code, family_code, class_code).` };
  }
  return { rows: own.rows.map((r) => ({ rowNumber: r.rowNumber, code: r.get('code'), name: r.get('name'), parent: r.get('parent_code') || null, naics: r.get('naics_code') || null })) };
}

/**
 * Ids of the existing categories an import gives another parent, with everything below them in the
 * imported tree: the categories whose ancestors change (a category whose own parent and whose
 * ancestors' parents all stay keeps its ancestors). Categories whose row was dropped keep their place.
 */
function movedSubtrees(
  byCode: ReadonlyMap<string, { id: number; code: string; parentCode: string | null; isNew: boolean }>,
  current: ReadonlyArray<{ id: number; parent_id: number | null }>,
  pathOf: (code: string) => string[] | string,
): number[] {
  const parentBefore = new Map(current.map((c) => [c.id, c.parent_id]));
  const children = new Map<string, string[]>();
  const out = new Set<number>();
  const queue: string[] = [];
  for (const c of byCode.values()) {
    if (typeof pathOf(c.code) === 'string') continue; // not written: it keeps its old place
    if (c.parentCode !== null) children.set(c.parentCode, [...(children.get(c.parentCode) ?? []), c.code]);
    const parentAfter = c.parentCode === null ? null : byCode.get(c.parentCode)!.id;
    if (!c.isNew && parentBefore.get(c.id) !== parentAfter) queue.push(c.code);
  }
  while (queue.length) {
    const code = queue.shift()!;
    const id = byCode.get(code)!.id;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(children.get(code) ?? []));
  }
  return [...out];
}

const MAX_RATES_NAMED = 5;

/** What storing rates did: counts, and per rate (in order) the rate it replaced, null for a new month. */
interface RatesApplied {
  added: number;
  updated: number;
  linesConverted: number;
  replaced: Array<string | null>;
}

/** A stored rate as the API gives it. */
function toFxRate(r: { currency: string; month: string; rate: string; version: number; created_at: string; updated_at: string }) {
  return {
    id: `${r.currency}-${r.month.slice(0, 7)}`, currency: r.currency, month: r.month, rateToReporting: r.rate,
    version: Number(r.version), createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

interface Rate {
  currency: string;
  /** First day of the month. */
  month: string;
  rate: string;
  /** The version the caller saw (0: no rate yet); undefined replaces whatever is there (a CSV import). */
  version?: number;
}

/** The month's rate is not the one the caller saw: someone set it meanwhile. */
class StaleRate extends Error {}

/** BAD_USER_INPUT for rates that would convert lines beyond a stored amount: how many, which rates, one line as an example. */
function oversizedError(o: q.OversizedConversion, reporting: string): AppError {
  const e = o.example;
  const rates = o.rates.slice(0, MAX_RATES_NAMED).map((r) => `${r.currency} ${r.month}: ${r.lines}`).join(', ') + (o.rates.length > MAX_RATES_NAMED ? ', …' : '');
  return new AppError(
    'BAD_USER_INPUT',
    `${o.lines} ${o.lines === 1 ? 'line' : 'lines'} would be too large to store in ${reporting} at the new rates (${AMOUNT_LIMIT_NOTE}), ` +
      `e.g. line ${e.id}: ${e.amount} ${e.currency} on ${e.invoiceDate} at the ${e.invoiceDate.slice(0, 7)} rate of ${e.rate} is ${e.converted} ${reporting}. ` +
      `Lines by rate: ${rates}. No rate was changed; check those rates.`,
    { field: 'rate', lines: o.lines, rates: o.rates.map((r) => ({ currency: r.currency, month: r.month })) },
  );
}

export class ReferenceService {
  constructor(private readonly data: RequestData, private readonly directories: DirectoryCache) {}

  async fxRates(currency: string | null | undefined) {
    this.data.viewer().require('manageFx');
    return (await q.fxRates(this.data.store, currency ? currency.toUpperCase() : null)).map(toFxRate);
  }

  /** Counted within the viewer's scope, like every other figure (docs/scope.md). */
  async linesWithoutFxRate() {
    this.data.viewer().require('read');
    return q.linesWithoutRate(this.data.store, (await this.data.scopeWhere()) ?? sql`TRUE`);
  }

  /** `currency,month,rate` rows: bad rows are reported and skipped; the rest apply in one transaction. */
  async importFx(text: string): Promise<ReferenceImportResult> {
    const viewer = this.data.viewer();
    viewer.require('manageFx');
    const { missing, rows } = readTable(text, ['currency', 'month', 'rate']);
    if (missing.length) return { added: 0, updated: 0, linesConverted: 0, problems: [`The header must name the columns currency, month and rate (missing: ${missing.join(', ')}).`] };
    const problems: string[] = [];
    const good = new Map<string, Rate>();
    for (const r of rows) {
      const currency = r.get('currency').toUpperCase();
      const month = /^\d{4}-\d{2}$/.test(r.get('month')) ? `${r.get('month')}-01` : r.get('month');
      const rate = r.get('rate');
      const problem = this.rateProblem(currency, month, rate, 'YYYY-MM (or the first day of a month)');
      if (problem) problems.push(`row ${r.rowNumber}: ${problem.message}`);
      else good.set(`${currency}:${month}`, { currency, month, rate });
    }
    const { added, updated, linesConverted } = await this.applyRates([...good.values()], (tx, counts) =>
      audit(tx, { userId: viewer.user.id, action: 'fx.import', entity: 'FxRate', entityId: `${good.size} rates`, after: { added: counts.added, updated: counts.updated, converted: counts.linesConverted } }));
    return { added, updated, linesConverted, problems: problems.slice(0, MAX_PROBLEMS) };
  }

  /**
   * One month's rate, added or replaced, and that month's lines converted again, as one row of an
   * import would be (docs/domain.md, "Spend lines and money"): a bad value is `BAD_USER_INPUT`
   * naming its field.
   */
  async setFxRate(input: { currency: string; month: string; rate: string; version?: number | null }) {
    const viewer = this.data.viewer();
    viewer.require('manageFx');
    const currency = input.currency.trim().toUpperCase();
    // Any day names its month: the rate is the month's.
    const month = isValidDate(input.month) ? `${input.month.slice(0, 7)}-01` : input.month;
    const rate = input.rate.trim();
    const problem = this.rateProblem(currency, month, rate, 'a date');
    if (problem) throw new AppError('BAD_USER_INPUT', `${problem.message[0].toUpperCase()}${problem.message.slice(1)}.`, { field: `input.${problem.field}` });
    const version = input.version ?? undefined;
    if (version !== undefined && (!Number.isInteger(version) || version < 0)) throw badInput('input.version', 'The version must be 0 (no rate seen yet) or the version last seen.');
    let result;
    try {
      result = await this.applyRates([{ currency, month, rate, version }], (tx, counts) =>
        audit(tx, {
          userId: viewer.user.id, action: 'fx.set', entity: 'FxRate', entityId: `${currency} ${month.slice(0, 7)}`,
          before: counts.replaced[0] === null ? null : { rate: counts.replaced[0] }, after: { rate, converted: counts.linesConverted },
        }));
    } catch (error) {
      if (error instanceof StaleRate) {
        const now = (await q.fxRates(this.data.store, currency, month))[0];
        throw new AppError(
          'CONFLICT',
          now
            ? `The ${currency} rate for ${month.slice(0, 7)} was changed by someone else since you saw it: it is now ${now.rate} ${this.data.config.reportingCurrency} per 1 ${currency} (version ${now.version}). Nothing was changed; check it and save again.`
            : `The ${currency} rate for ${month.slice(0, 7)} is not there any more; nothing was changed. Reload and try again.`,
          { field: 'input.version', currentVersion: now ? Number(now.version) : null },
        );
      }
      // Someone added the month's first rate at the same moment (the key is the currency and month).
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', `The ${currency} rate for ${month.slice(0, 7)} was set by someone else at the same moment; nothing was changed. Reload and try again.`, { field: 'input.month' });
      }
      throw error;
    }
    const stored = (await q.fxRates(this.data.store, currency, month))[0];
    return { rate: toFxRate(stored), replaced: result.replaced[0] !== null, linesConverted: result.linesConverted };
  }

  /** Why a rate cannot be stored, with the field at fault; null when it can. */
  private rateProblem(currency: string, month: string, rate: string, monthFormat: string): { field: 'currency' | 'month' | 'rate'; message: string } | null {
    const reporting = this.data.config.reportingCurrency;
    if (!isIsoCurrency(currency)) return { field: 'currency', message: `currency "${currency.slice(0, 20)}" is not an ISO 4217 code` };
    if (!isValidDate(month) || !month.endsWith('-01')) return { field: 'month', message: `month "${month.replace(/-01$/, '')}" must be ${monthFormat}` };
    if (!/^\d{1,12}(\.\d{1,6})?$/.test(rate) || toScaled(rate, 6) <= 0n) return { field: 'rate', message: `rate "${rate}" must be a positive number with at most 6 decimals` };
    if (currency === reporting && toScaled(rate, 6) !== 1_000_000n) return { field: 'currency', message: `${reporting} is the reporting currency; its rate is always 1` };
    return null;
  }

  /**
   * Stores rates and converts the lines of their months again, in one transaction with `record`
   * (its audit entry). A rate that would take a line's reporting amount past what is stored refuses
   * them all before any line changes: the transaction rolls the rates back (docs/imports.md).
   */
  private async applyRates(rates: readonly Rate[], record: (tx: Store, counts: RatesApplied) => Promise<void>): Promise<RatesApplied> {
    const now = sqlTimestamp(new Date());
    return this.data.store.transaction(async (tx) => {
      const counts: RatesApplied = { added: 0, updated: 0, linesConverted: 0, replaced: [] };
      for (const r of rates) {
        const stored = await q.upsertRate(tx, r.currency, r.month, r.rate, now, r.version);
        if (stored === 'stale') throw new StaleRate('stale rate');
        const { replaced } = stored;
        counts.replaced.push(replaced);
        if (replaced !== null) counts.updated++;
        else counts.added++;
      }
      if (rates.length) {
        const oversized = await q.oversizedConversions(tx, now);
        if (oversized) throw oversizedError(oversized, this.data.config.reportingCurrency);
        counts.linesConverted = await q.reconvert(tx, now);
        // The review queue sorts suggestions by their copy of the line's amount.
        if (counts.linesConverted) await refreshSuggestions(tx, sql`TRUE`);
      }
      await record(tx, counts);
      return counts;
    });
  }

  /**
   * `code,name,parent_code[,naics_code]` rows: categories are added or renamed/re-parented by code;
   * levels and paths are recomputed for every category; cycles, unknown parents and depth beyond
   * four levels are reported and those rows skipped.
   */
  async importTaxonomy(text: string): Promise<ReferenceImportResult> {
    const viewer = this.data.viewer();
    viewer.require('admin');
    const table = readTaxonomy(text);
    if ('problem' in table) return { added: 0, updated: 0, linesConverted: 0, problems: [table.problem] };
    const rows = table.rows;
    const problems: string[] = [];
    const current = await q.categories(this.data.store);
    const byCode = new Map(current.map((c) => [c.code, { id: c.id, code: c.code, name: c.name, parentCode: null as string | null, naics: c.naics_code, isNew: false }]));
    const codeById = new Map(current.map((c) => [c.id, c.code]));
    for (const c of current) byCode.get(c.code)!.parentCode = c.parent_id === null ? null : (codeById.get(c.parent_id) ?? null);
    let nextId = Math.max(0, ...current.map((c) => c.id)) + 1;
    const touched = new Set<string>();
    for (const r of rows) {
      const { code, name, parent, naics } = r;
      const problem = !code || code.length > 64 ? 'code must be 1 to 64 characters'
        : !name || name.length > 200 ? 'name must be 1 to 200 characters'
        : naics !== null && !/^\d{6}$/.test(naics) ? `naics_code "${naics}" must be 6 digits`
        : parent === code ? 'a category cannot be its own parent' : null;
      if (problem) {
        problems.push(`row ${r.rowNumber}: ${problem}`);
        continue;
      }
      const existing = byCode.get(code);
      byCode.set(code, { id: existing?.id ?? nextId++, code, name, parentCode: parent, naics: naics ?? existing?.naics ?? null, isNew: existing?.isNew ?? !existing });
      touched.add(code);
    }
    // Paths for every category; a row whose chain is broken (unknown parent, cycle, too deep) is dropped.
    const pathOf = (code: string): string[] | string => {
      const path: string[] = [];
      for (let cur: string | null = code; cur !== null; cur = byCode.get(cur)?.parentCode ?? null) {
        if (!byCode.has(cur)) return `parent "${cur}" is not a known category code`;
        if (path.includes(cur)) return 'its parents form a cycle';
        path.unshift(cur);
      }
      return path.length > MAX_LEVEL ? `it would sit at level ${path.length}; at most ${MAX_LEVEL} levels` : path;
    };
    for (const code of [...touched]) {
      const path = pathOf(code);
      if (typeof path === 'string') {
        problems.push(`code ${code}: ${path}`);
        touched.delete(code);
        const before = current.find((c) => c.code === code);
        if (before) byCode.set(code, { id: before.id, code, name: before.name, parentCode: before.parent_id === null ? null : codeById.get(before.parent_id)!, naics: before.naics_code, isNew: false });
        else byCode.delete(code);
      }
    }
    const dir = join(tmpdir(), `spendscope-taxonomy-${process.pid}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'categories.csv');
    const columns = ['id', 'code', 'name', 'parent_id', 'level', 'l1_id', 'l2_id', 'l3_id', 'l4_id', 'naics_code', 'is_new'] as const;
    const out = new CsvWriter(file, columns);
    let added = 0;
    let updated = 0;
    for (const c of byCode.values()) {
      const path = pathOf(c.code);
      if (typeof path === 'string') continue; // a descendant of a dropped row keeps its old place
      const ids = path.map((p) => byCode.get(p)!.id);
      if (c.isNew) added++;
      else if (touched.has(c.code)) updated++;
      out.writeValues([c.id, c.code, c.name, c.parentCode === null ? null : byCode.get(c.parentCode)!.id, ids.length, ids[0], ids[1] ?? null, ids[2] ?? null, ids[3] ?? null, c.naics, c.isNew ? 'true' : 'false']);
    }
    out.close();
    const rematch = movedSubtrees(byCode, current, pathOf);
    const now = sqlTimestamp(new Date());
    try {
      await this.data.store.transaction(async (tx) => {
        await tx.execute(q.taxonomySteps.clear, { name: 'taxonomy.clear' });
        await tx.loadCsv('category_import', columns, file);
        await tx.execute(q.taxonomySteps.insertNew(now), { name: 'taxonomy.insert' });
        await tx.execute(q.taxonomySteps.updateExisting(now), { name: 'taxonomy.update', timeoutMs: 120_000 });
        await tx.execute(q.taxonomySteps.clear, { name: 'taxonomy.clear' });
        // A contract covers the categories below its own (docs/domain.md, matching spend to
        // contracts): the lines of a category that changed parent, and of its subtree, may gain,
        // lose or change contract, as when a category is moved in place.
        const linesRematched = rematch.length ? await rematchSpendLines(tx, { lines: sql`s.category_id IN ${sql.list(rematch)}` }) : 0;
        await audit(tx, {
          userId: viewer.user.id, action: 'taxonomy.import', entity: 'Category', entityId: `${added + updated} codes`,
          after: { added, updated, problems: problems.length, moved: rematch.length, linesRematched },
        });
        // New leaves and moved ones change what the classifier may suggest.
        await requestRetrain(tx);
      });
    } finally {
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    }
    this.directories.invalidate();
    return { added, updated, linesConverted: 0, problems: problems.slice(0, MAX_PROBLEMS) };
  }
}

