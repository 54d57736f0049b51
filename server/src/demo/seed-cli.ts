/**
 * `npm run seed -- --lines 1m --force [--db path] [--seed S]`: creates (or replaces) a DuckDB
 * file holding the demo dataset. Refuses to touch a database that already holds data unless
 * --force is given, because the seed starts every table at id 1.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDbStore } from '../store/duckdb.js';
import { createDatabase } from '../store/create.js';
import { sql } from '../store/sql.js';
import type { Store } from '../store/store.js';
import { DEFAULT_DEMO_SEED, DEMO_PASSWORD, DEMO_USERS, MAX_DEMO_LINES, MIN_DEMO_LINES, seedDemo } from './generate.js';
import { UsageError, parseLineCount, parseSeed } from './seed-options.js';

const USAGE = `Usage: npm run seed -- [--lines N] [--force] [--db PATH] [--seed S]

  --lines N   spend lines to generate, ${MIN_DEMO_LINES.toLocaleString('en')} … ${MAX_DEMO_LINES.toLocaleString('en')} (accepts 10k, 1m, 10M; default 1m)
  --force     replace an existing database file (once the new one is complete)
  --db PATH   database file (default: $SPENDSCOPE_DB or data/spendscope.duckdb)
  --seed S    random seed, an integer 0 … 4294967295 (default ${DEFAULT_DEMO_SEED})`;

/** Rows in any table the seed fills; 0 for a fresh or merely migrated database. */
async function existingRows(store: Store): Promise<number> {
  const [row] = await store.query<{ n: string }>(
    sql`SELECT CAST((SELECT count(*) FROM users) + (SELECT count(*) FROM business_units) + (SELECT count(*) FROM categories)
          + (SELECT count(*) FROM suppliers) + (SELECT count(*) FROM contracts) + (SELECT count(*) FROM fx_rates)
          + (SELECT count(*) FROM import_batches) + (SELECT count(*) FROM spend_lines) AS VARCHAR) AS n`,
    { name: 'seed.existingRows' },
  );
  return Number(row.n);
}

function progressBar(): (done: number, total: number) => void {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  return (done, total) => {
    const fraction = total === 0 ? 1 : done / total;
    const text = `${(fraction * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en')} / ${total.toLocaleString('en')} spend lines`;
    if (tty) {
      const width = 30;
      const filled = Math.round(fraction * width);
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}`);
      if (done === total) process.stderr.write('\n');
    } else if (Math.floor(fraction * 10) > lastTenth) {
      // Logs and CI: a line per 10 % rather than a carriage-return animation.
      lastTenth = Math.floor(fraction * 10);
      process.stderr.write(`${text}\n`);
    }
  };
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lines: { type: 'string' },
      force: { type: 'boolean', default: false },
      db: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const lines = values.lines === undefined ? 1_000_000 : parseLineCount(values.lines);
  const seed = values.seed === undefined ? DEFAULT_DEMO_SEED : parseSeed(values.seed);
  const dbPath = resolve(values.db ?? process.env.SPENDSCOPE_DB ?? 'data/spendscope.duckdb');
  mkdirSync(dirname(dbPath), { recursive: true });

  if (existsSync(dbPath) && !values.force) {
    const store = await DuckDbStore.open(dbPath);
    try {
      const rows = await existingRows(store);
      if (rows > 0) {
        console.error(`${dbPath} already holds data (${rows.toLocaleString('en')} rows). Re-run with --force to replace it.`);
        process.exitCode = 1;
        return;
      }
    } finally {
      await store.close();
    }
  }

  const started = performance.now();
  console.error(`Seeding ${dbPath}: ${lines.toLocaleString('en')} spend lines, seed ${seed}`);
  // Built beside the target and renamed over it when complete: an interrupted seed never leaves
  // a half-filled database, and --force replaces the old file only once the new one is whole.
  let summary: Awaited<ReturnType<typeof seedDemo>> | undefined;
  await createDatabase(dbPath, async (store) => {
    summary = await seedDemo(store, { lines, seed, onProgress: progressBar() });
  }, { beforeRename: () => rmSync(`${dbPath}.wal`, { force: true }) });
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nDemo data in ${dbPath} (${formatBytes(statSync(dbPath).size)}), seeded in ${seconds.toFixed(1)} s`);
  for (const [table, count] of Object.entries(summary!.counts)) console.log(`  ${table.padEnd(24)} ${count.toLocaleString('en').padStart(12)}`);
  console.log(`  total spend (EUR)        ${summary!.totalAmountReporting.padStart(12)}`);
  console.log(`  invoice dates ${summary!.period.from} … ${summary!.period.to}, contract as-of date ${summary!.asOf}`);
  console.log(`\nSign in with any of these, password "${DEMO_PASSWORD}":`);
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(26)} ${u.role}`);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else if (error instanceof Error && 'code' in error && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`${error.message}\n\n${USAGE}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
