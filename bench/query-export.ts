/**
 * The query workbench's export (`/api/exports/query`) of about 1,000,000 flattened spendLines
 * rows, CSV and XLSX, through HTTP: the export walks the list a page at a time
 * (docs/architecture.md, the query workbench, "Export"). A fresh server process per format, so
 * its peak RSS (VmHWM) belongs to that export alone.
 * Usage: node --import tsx bench/query-export.ts [--db /tmp/demo1m.duckdb]
 * (make the file with `npm run seed -- --lines 1M --db /tmp/demo1m.duckdb`)
 */
import { printTable } from './stats.js';
import { rssMb, withServer } from './server-process.js';
import { signIn } from './sign-in.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const db = arg('db', '/tmp/demo1m.duckdb');
const document = arg('document', '{ spendLines { totalCount nodes { id invoiceDate supplierName categoryName amountReporting currency } } }');
const port = 4814;



const rows: Array<Array<string | number>> = [];
for (const format of ['csv', 'xlsx'] as const) {
  await withServer({ db, port }, async (url, pid) => {
    const cookie = await signIn(`${url}/graphql`, 'finance@spendscope.test');
    const before = rssMb(pid, 'VmHWM');
    const started = performance.now();
    const res = await fetch(`${url}/api/exports/query?${new URLSearchParams({ document, format }).toString()}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${format}: HTTP ${res.status} ${await res.text()}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of res.body!) {
      const data = chunk as Uint8Array;
      bytes += data.byteLength;
      if (format === 'csv') for (const b of data) if (b === 10) newlines++;
    }
    const seconds = (performance.now() - started) / 1000;
    // CSV: its lines less the header; XLSX: the rows the export announced (the page's totalCount).
    const count = format === 'csv' ? newlines - 1 : Number(res.headers.get('x-export-rows'));
    rows.push([format.toUpperCase(), count.toLocaleString('en-GB'), seconds.toFixed(1), Math.round(count / seconds).toLocaleString('en-GB'), (bytes / 1048576).toFixed(0), before.toFixed(0), rssMb(pid, 'VmHWM').toFixed(0)]);
  });
}
console.log(`\nQuery export of ${document}\nfrom ${db}:\n`);
printTable(['format', 'rows', 'seconds', 'rows/s', 'MiB', 'server peak RSS before (MB)', 'server peak RSS (MB)'], rows);
