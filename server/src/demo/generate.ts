/**
 * Seeds an empty, migrated Spendscope database with the deterministic demo dataset (README, first start):
 * the master data from model.ts and N spend lines from lines.ts, all bulk-loaded through CSV
 * files so that ten million lines take a couple of minutes, not an hour of INSERTs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../modules/auth/password.js';
import { matchLines } from '../modules/contracts/contracts.queries.js';
import { rematchSpendLines } from '../modules/contracts/contracts.service.js';
import { itemKey } from '../core/item-key.js';
import { fillItemKeys } from '../modules/spend/spend.service.js';
import { sql } from '../store/sql.js';
import type { BulkTable, Store } from '../store/store.js';
import { fromScaled } from '../lib/decimal.js';
import { supplierSearchKey } from '../lib/normalise.js';
import { CsvWriter, isoDate } from './csv.js';
import { DEMO_IMPORT_BATCH_ID, SPEND_LINE_COLUMNS, SpendLineStream } from './lines.js';
import {
  DEMO_AS_OF, DEMO_CURRENCIES, DEMO_LOADED_AT, DEMO_PASSWORD, DEMO_PERIOD, DEMO_USERS, buildDemoModel, historicFxRates, type DemoModel,
} from './model.js';

export { DEMO_AS_OF, DEMO_PASSWORD, DEMO_PERIOD, DEMO_USERS } from './model.js';

export const DEFAULT_DEMO_SEED = 20231101;
export const MIN_DEMO_LINES = 10_000;
export const MAX_DEMO_LINES = 50_000_000;
/** Lines per CSV file and COPY: a multiple of DuckDB's 122,880-row row group, so no chunk leaves a half-filled one behind. */
const LINES_PER_CHUNK = 2 * 122_880;

export interface SeedDemoOptions {
  lines: number;
  seed?: number;
  /** Called after each chunk of spend lines is loaded. */
  onProgress?: (done: number, total: number) => void;
}

export interface DemoSummary {
  seed: number;
  /** Rows written per table. */
  counts: Record<BulkTable, number>;
  /** Sum of amount_reporting over all lines (EUR), exact. */
  totalAmountReporting: string;
  period: { from: string; to: string };
  asOf: string;
}

/**
 * Fills an already-migrated, empty database. Same seed and line count ⇒ the same rows, byte for
 * byte (except users.password_hash, whose scrypt salt is random by design).
 */
export async function seedDemo(store: Store, options: SeedDemoOptions): Promise<DemoSummary> {
  const { lines } = options;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (!Number.isInteger(lines) || lines < 1) throw new Error(`seedDemo: lines must be a positive integer, got ${lines}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`seedDemo: seed must be an integer in 0…2^32-1, got ${seed}`);

  const model = buildDemoModel(seed, lines);
  // One hash shared by all demo users: scrypt is deliberately slow, and five of them would be most of a small seed.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const dir = mkdtempSync(join(tmpdir(), 'spendscope-demo-'));
  try {
    const counts = await loadMasterData(store, model, passwordHash, dir);
    const total = await storeSpendLines(store, model, dir, options.onProgress);
    counts.spend_lines = lines;
    const totalAmountReporting = fromScaled(total, 2);
    await store.execute(
      sql`INSERT INTO import_batches (id, file_name, source_name, format, status, row_count, accepted_count, total_amount, uploaded_by, committed_at, created_at, updated_at)
          VALUES (${DEMO_IMPORT_BATCH_ID}, ${'demo-erp-ap-lines.csv'}, ${'Demo ERP'}, ${'CSV'}, ${'COMMITTED'}, ${lines}, ${lines},
                  CAST(${totalAmountReporting} AS DECIMAL(18,2)), ${2}, CAST(${DEMO_LOADED_AT} AS TIMESTAMP),
                  CAST(${DEMO_LOADED_AT} AS TIMESTAMP), CAST(${DEMO_LOADED_AT} AS TIMESTAMP))`,
      { name: 'demo.importBatch' },
    );
    counts.import_batches = 1;
    return { seed, counts, totalAmountReporting, period: { from: DEMO_PERIOD.from, to: DEMO_PERIOD.to }, asOf: DEMO_AS_OF };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type MasterTable = Exclude<BulkTable, 'spend_lines' | 'import_batches'>;

/** Everything but the fact table, one CSV per table. */
async function loadMasterData(store: Store, model: DemoModel, passwordHash: string, dir: string): Promise<Record<BulkTable, number>> {
  const at = DEMO_LOADED_AT;
  const tables: Array<{ table: MasterTable; columns: string[]; rows: Array<Array<string | number | null>> }> = [
    {
      table: 'users',
      columns: ['id', 'email', 'name', 'role', 'password_hash', 'created_at', 'updated_at'],
      rows: DEMO_USERS.map((u) => [u.id, u.email, u.name, u.role, passwordHash, at, at]),
    },
    {
      table: 'user_scopes',
      columns: ['user_id', 'kind', 'ref_id'],
      rows: model.userScopes.map((s) => [s.userId, s.kind, s.refId]),
    },
    {
      table: 'business_units',
      columns: ['id', 'code', 'name', 'parent_id', 'created_at', 'updated_at'],
      rows: model.businessUnits.map((b) => [b.id, b.code, b.name, b.parentId, at, at]),
    },
    {
      table: 'cost_centers',
      columns: ['id', 'code', 'name', 'business_unit_id', 'created_at', 'updated_at'],
      rows: model.costCenters.map((c) => [c.id, c.code, c.name, c.businessUnitId, at, at]),
    },
    {
      table: 'gl_accounts',
      columns: ['id', 'code', 'name', 'business_unit_id', 'created_at', 'updated_at'],
      rows: model.glAccounts.map((g) => [g.id, g.code, g.name, null, at, at]),
    },
    {
      table: 'categories',
      columns: ['id', 'code', 'name', 'parent_id', 'level', 'l1_id', 'l2_id', 'l3_id', 'l4_id', 'owner_user_id', 'naics_code', 'created_at', 'updated_at'],
      rows: model.categories.map((c) => [c.id, c.code, c.name, c.parentId, c.level, c.l1Id, c.l2Id, c.l3Id, null, c.ownerUserId, c.naicsCode, at, at]),
    },
    {
      table: 'suppliers',
      columns: ['id', 'name', 'normalized_name', 'parent_id', 'country_code', 'tax_id', 'status', 'search_key', 'created_at', 'updated_at'],
      rows: model.suppliers.map((s) => [
        s.id, s.name, s.normalisedName, s.parentId, s.countryCode, s.taxId, s.status, supplierSearchKey(s.name, s.aliases, s.taxId), at, at,
      ]),
    },
    {
      table: 'supplier_aliases',
      columns: ['supplier_id', 'raw_name'],
      rows: model.suppliers.flatMap((s) => s.aliases.map((a) => [s.id, a])),
    },
    {
      table: 'contracts',
      columns: [
        'id', 'number', 'title', 'supplier_id', 'start_date', 'end_date', 'ceiling', 'currency', 'status', 'owner_user_id',
        'payment_terms_days', 'renewal', 'notice_days', 'terminated_at', 'termination_reason', 'created_at', 'updated_at',
      ],
      rows: model.contracts.map((c) => {
        // Entered into the system a month before it starts; last touched when terminated.
        const created = `${isoDate(c.startDay - 30)} 09:00:00`;
        const terminated = c.terminatedDay === null ? null : `${isoDate(c.terminatedDay)} 10:30:00`;
        return [
          c.id, c.number, c.title, c.supplierId, isoDate(c.startDay), isoDate(c.endDay), fromScaled(c.ceilingCents, 2), c.currency,
          c.status, c.ownerUserId, c.paymentTermsDays, c.renewal, c.noticeDays, terminated, c.terminationReason,
          created, terminated ?? created,
        ];
      }),
    },
    {
      table: 'contract_categories',
      columns: ['contract_id', 'category_id'],
      rows: model.contracts.flatMap((c) => c.categoryIds.map((id) => [c.id, id])),
    },
    {
      table: 'contract_business_units',
      columns: ['contract_id', 'business_unit_id'],
      rows: model.contracts.flatMap((c) => c.businessUnitIds.map((id) => [c.id, id])),
    },
    {
      table: 'fx_rates',
      columns: ['currency', 'month', 'rate_to_reporting', 'created_at', 'updated_at'],
      rows: [
        ...DEMO_CURRENCIES.flatMap((currency) =>
          model.fxMicros[currency].map((micros, m) => [currency, isoDate(model.monthStarts[m]), fromScaled(micros, 6), at, at])),
        ...historicFxRates(model.seed, model.fxMicros).map((r) => [r.currency, isoDate(r.monthStart), fromScaled(r.micros, 6), at, at]),
      ],
    },
  ];

  const counts = Object.fromEntries(tables.map((t) => [t.table, t.rows.length])) as Record<BulkTable, number>;
  for (const { table, columns, rows } of tables) {
    const file = join(dir, `${table}.csv`);
    const writer = new CsvWriter(file, columns);
    for (const row of rows) writer.writeValues(row);
    writer.close();
    await store.loadCsv(table, columns, file);
    rmSync(file);
  }
  return counts;
}

/**
 * Spend lines in chunks: while DuckDB loads chunk k on its own threads, this thread writes
 * chunk k+1, so generation and loading overlap. At most two chunk files exist at a time.
 */
async function loadSpendLines(
  store: Store,
  model: DemoModel,
  dir: string,
  onProgress: SeedDemoOptions['onProgress'],
  table: 'spend_lines' | 'seed_lines',
): Promise<{ total: bigint }> {
  const stream = new SpendLineStream(model);
  const total = model.lines;
  onProgress?.(0, total);
  let loading: Promise<void> | null = null;
  for (let chunk = 0; stream.written < total; chunk++) {
    const file = join(dir, `spend_lines_${chunk}.csv`);
    const writer = new CsvWriter(file, SPEND_LINE_COLUMNS);
    stream.writeRows(writer, LINES_PER_CHUNK);
    writer.close();
    if (loading) await loading;
    const doneAfter = stream.written;
    loading = store.loadCsv(table, SPEND_LINE_COLUMNS, file).then(() => {
      rmSync(file);
      onProgress?.(doneAfter, total);
    });
  }
  if (loading) await loading;
  return { total: stream.totalReporting };
}

/**
 * The demo's lines, each keyed and matched to its contract by the one matching rule (docs/domain.md),
 * as imports are; returns their reporting total.
 */
async function storeSpendLines(store: Store, model: DemoModel, dir: string, onProgress: SeedDemoOptions['onProgress']): Promise<bigint> {
  if (store.dialect === 'duckdb') {
    // DuckDB updates a column in place, cheaply: load, then key and match.
    const { total } = await loadSpendLines(store, model, dir, onProgress, 'spend_lines');
    await fillItemKeys(store);
    await store.transaction((tx) => rematchSpendLines(tx, { lines: sql`TRUE` }));
    return total;
  }
  // PostgreSQL: written once, matched and keyed on the way in (an UPDATE after the load wrote every
  // matched line a second time, most of a 10M seed's five minutes; docs/postgres.md, "Seeding").
  // One transaction, so every statement meets the temporary tables on its one connection.
  return store.transaction(async (tx) => {
    await tx.execute(sql`CREATE TEMPORARY TABLE seed_lines AS SELECT * FROM spend_lines WHERE FALSE`, { name: 'demo.stageLines' });
    const { total } = await loadSpendLines(tx, model, dir, onProgress, 'seed_lines');
    await storeStagedLines(tx);
    return total;
  });
}

/**
 * PostgreSQL: the staged lines (`seed_lines`, temporary, so never in the write-ahead log) become
 * the lines in one INSERT, each with its contract by the one matching rule (`matchLines`)
 * and its item key (`fillItemKeys`' expression), instead of a COPY followed by two UPDATEs of
 * millions of rows, each of which PostgreSQL writes as a new row version and index entry.
 */
async function storeStagedLines(store: Store): Promise<void> {
  // Autovacuum never analyses a temporary table; the match joins it with the contracts.
  await store.execute(sql`ANALYZE seed_lines`, { name: 'demo.analyzeStaged', timeoutMs: 0 });
  // Part of a bulk load, which has no time limit (as `loadCsv`).
  await matchLines(store, sql`TRUE`, 'seed_lines', 0);
  const columns = SPEND_LINE_COLUMNS.filter((c) => c !== 'contract_id');
  const list = sql.join(columns.map((c) => sql.identifier(c)), sql`, `);
  const values = sql.join(columns.map((c) => sql`l.${sql.identifier(c)}`), sql`, `);
  await store.execute(
    sql`INSERT INTO spend_lines (${list}, contract_id, item_key)
        SELECT ${values}, m.new_contract_id, ${itemKey(sql`l.description`)}
        FROM seed_lines l LEFT JOIN contract_rematch m ON m.id = l.id`,
    { name: 'demo.storeLines', timeoutMs: 0 },
  );
  await store.execute(sql`DROP TABLE contract_rematch`, { name: 'demo.dropMatches' });
  await store.execute(sql`DROP TABLE seed_lines`, { name: 'demo.dropStaged' });
}
