/**
 * Throughput of readSpendFile on a generated 1,000,000-row CSV (printed, never asserted):
 *   node --import tsx bench/import-reader.ts [rows]
 */
import { ImportLedger } from '../server/src/modules/imports/ledger.js';
import { readSpendFile } from '../server/src/modules/imports/reader.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const SUPPLIERS = ['ACME LTD', 'Oxford & Cherwell Valley College', 'Redacted personal data', '"NEWSQUEST, WALES"', 'HMRC'];

/** The file is generated on the fly in 64 KB chunks, so only the reader's memory is measured. */
async function* generate(): AsyncGenerator<Buffer> {
  yield Buffer.from('Body Name,Service Area,Expenditure Category,Paid Date,Trans No,Amount,Supplier Name\r\n');
  let lines: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    const amount = i % 50 === 0 ? `-${i % 1000}.5` : `${(i * 7919) % 100000}.${String(i % 100).padStart(2, '0')}`;
    lines.push(`Oxford City Council,General Fund,Grants,${day}/${month}/2017,${i}_1,${amount},${SUPPLIERS[i % SUPPLIERS.length]}`);
    if (lines.length === 500) {
      yield Buffer.from(lines.join('\r\n') + '\r\n');
      lines = [];
    }
  }
  if (lines.length > 0) yield Buffer.from(lines.join('\r\n') + '\r\n');
}

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const started = process.hrtime.bigint();
const read = await readSpendFile({ fileName: 'bench.csv', stream: generate }, { today: '2026-11-21' });
const s = new ImportLedger();
for await (const row of read.rows) {
  s.add(row);
  if ((s.acceptedCount & 0xffff) === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
console.table({
  rows: s.rowCount,
  accepted: s.acceptedCount,
  rejected: s.rejectedCount,
  total: s.sourceTotals().find((t) => t.currency === 'GBP')?.amount,
  seconds: Number(seconds.toFixed(2)),
  'rows/s': Math.round(s.rowCount / seconds),
  'peak RSS MB': Math.round(peakRss / 1024 / 1024),
});
