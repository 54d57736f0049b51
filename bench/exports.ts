/**
 * Export time and peak server memory through HTTP, a fresh server process per case, so its peak
 * RSS (VmHWM, reset once the server is idle after its start) belongs to that export alone:
 * - lines: about 1,000,000 lines (four months of the 10M demo file) as CSV and XLSX;
 * - pivots: the explorer's shape (`layout=shown`) of a cube of about 50,000 rows, as XLSX and CSV:
 *   SUPPLIER rows × MONTH columns over 24 months (the cells cube: 2,000 suppliers × 24 months),
 *   and SUPPLIER › MONTH as rows over 23 months (about 48,000 outlined rows).
 * Line exports never read the rollups, so those servers run without them (their first build,
 * several hundred MB, would otherwise count as the export's); pivots read them, so those servers
 * build them first (docs/rollups.md).
 * Usage: npm run bench:exports -- [--db /tmp/demo10m.duckdb] [--from 2023-11-01] [--to 2024-02-29] [--cases csv,xlsx,pivot-xlsx,...]
 */
import { printTable } from './stats.js';
import { idle, resetPeak, rssMb, withServer } from './server-process.js';
import { signIn } from './sign-in.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const db = arg('db', '/tmp/demo10m.duckdb');
// With 10M lines over 36 months, four months hold about a million lines.
const filter = { dateFrom: arg('from', '2023-11-01'), dateTo: arg('to', '2024-02-29') };
const port = 4813;

const lines = (format: string) => `/api/exports/lines?format=${format}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
const cube = (query: object, format: string, column?: string) =>
  `/api/exports/cube?layout=shown&format=${format}${column ? `&column=${column}` : ''}&query=${encodeURIComponent(JSON.stringify(query))}`;
const byMonth = { dimensions: ['SUPPLIER', 'MONTH'], measures: ['SPEND'], subtotals: true, filter: { dateFrom: '2024-01-01', dateTo: '2025-12-31' } };
const monthRows = { ...byMonth, filter: { dateFrom: '2024-01-01', dateTo: '2025-11-30' } };

const CASES: Array<{ name: string; label: string; path: string; rollups: boolean }> = [
  { name: 'csv', label: 'CSV lines', path: lines('csv'), rollups: false },
  { name: 'xlsx', label: 'XLSX lines', path: lines('xlsx'), rollups: false },
  { name: 'pivot-xlsx', label: 'XLSX pivot supplier × month columns', path: cube(byMonth, 'xlsx', 'MONTH'), rollups: true },
  { name: 'pivot-rows-xlsx', label: 'XLSX pivot supplier › month rows', path: cube(monthRows, 'xlsx'), rollups: true },
  { name: 'pivot-csv', label: 'CSV pivot supplier × month columns', path: cube(byMonth, 'csv', 'MONTH'), rollups: true },
];
const wanted = arg('cases', CASES.map((c) => c.name).join(',')).split(',');

const rows: Array<Array<string | number>> = [];
for (const c of CASES.filter((c) => wanted.includes(c.name))) {
  await withServer({ db, port, env: { SPENDSCOPE_ROLLUPS: String(c.rollups) } }, async (url, pid) => {
    const cookie = await signIn(`${url}/graphql`, 'finance@spendscope.test');
    await idle(pid);
    resetPeak(pid);
    const before = rssMb(pid, 'VmRSS');
    const started = performance.now();
    const res = await fetch(`${url}${c.path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - started) / 1000;
    rows.push([c.label, Number(res.headers.get('x-export-rows')).toLocaleString('en-GB'), seconds.toFixed(1), (bytes / 1048576).toFixed(1), before.toFixed(0), rssMb(pid).toFixed(0)]);
  });
}
console.log(`\nExports from ${db} (lines ${filter.dateFrom} … ${filter.dateTo}):\n`);
printTable(['export', 'rows', 'seconds', 'MiB', 'server RSS before (MB)', 'server peak RSS (MB)'], rows);
