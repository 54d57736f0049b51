/**
 * Export time and peak server memory for about 1,000,000 lines, CSV and XLSX, through HTTP.
 * A fresh server process per format, so its peak RSS (VmHWM) belongs to that export alone.
 * Usage: npm run bench:exports -- [--db /tmp/demo10m.duckdb] [--to 2024-02-29]
 */
import { printTable } from './stats.js';
import { rssMb, withServer } from './server-process.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const db = arg('db', '/tmp/demo10m.duckdb');
// With 10M lines over 36 months, four months hold about a million lines.
const filter = { dateFrom: arg('from', '2023-11-01'), dateTo: arg('to', '2024-02-29') };
const port = 4813;



const rows: Array<Array<string | number>> = [];
for (const format of ['csv', 'xlsx'] as const) {
  await withServer({ db, port }, async (url, pid) => {
    const login = await fetch(`${url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { login(email: "finance@spendscope.test", password: "spendscope-demo") { user { id } } }' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const before = rssMb(pid);
    const started = performance.now();
    const res = await fetch(`${url}/api/exports/lines?format=${format}&filter=${encodeURIComponent(JSON.stringify(filter))}`, { headers: { cookie } });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - started) / 1000;
    rows.push([format.toUpperCase(), Number(res.headers.get('x-export-rows')).toLocaleString('en-GB'), seconds.toFixed(1), (bytes / 1048576).toFixed(0), before.toFixed(0), rssMb(pid).toFixed(0)]);
  });
}
console.log(`\nLine export ${filter.dateFrom} … ${filter.dateTo} from ${db}:\n`);
printTable(['format', 'lines', 'seconds', 'MiB', 'server RSS before (MB)', 'server peak RSS (MB)'], rows);
