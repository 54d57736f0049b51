// temporary harness (deleted at the end)
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { CsvWriter } from '../../lib/csv-file.js';
import { normaliseSupplierName } from '../suppliers/normalise.js';
import { readSpendFile } from './reader.js';
import { toScaled } from '../../lib/decimal.js';
const csv = '/tmp/h/bench-1m.csv';
if (!existsSync(csv)) {
  const rows = 1_000_000;
  const out = new CsvWriter(csv, ['Body Name', 'Service Area', 'Expense Type', 'Payment Date', 'Transaction Number', 'Net Amount', 'Supplier Name', 'Description']);
  const areas = ['Housing', 'Environment', 'Finance', 'Leisure', 'Transport', 'Education'];
  const types = ['Consultancy', 'Repairs', 'Software', 'Fuel', 'Catering', 'Stationery'];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 1; i <= rows; i++) {
    const day = 1 + (next() % 28);
    const month = 1 + (next() % 12);
    out.writeValues(['Bench Council', areas[next() % areas.length], types[next() % types.length], `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/2025`,
      `TX-${i}`, `${(next() % 5_000_000) / 100 + 500}`.replace(/(\.\d)$/, '$10'), `Supplier ${next() % 5000} Ltd`, `Invoice ${i}`]);
  }
  out.close();
}
const mode = process.argv[2] ?? 'full';
const t0 = performance.now();
const read = await readSpendFile({ fileName: 'bench-1m.csv', stream: () => createReadStream(csv) }, { today: '2026-11-21', defaultCurrency: 'GBP' });
const rowsOut = new CsvWriter('/tmp/h/rows.csv', ['a']);
let n = 0;
for await (const v of read.rows) {
  n++;
  if (mode === 'read') continue;
  if (!v.ok) continue;
  const r = v.row;
  toScaled(r.amount, 2); toScaled(r.amount, 2);
  const key = r.supplierRedacted ? 'redacted' : normaliseSupplierName(r.supplierName) || r.supplierName.toLowerCase();
  const text = (v: string | null | undefined, max: number) => (v ? v.slice(0, max) : null);
  rowsOut.writeValues([
    7, r.rowNumber, r.invoiceDate, r.amount, r.currency, r.amount, key.slice(0, 200), r.supplierName.slice(0, 200),
    r.rawSupplierName.slice(0, 200), text(r.description, 2000), text(r.category, 2000), text(r.businessUnit, 2000), text(r.costCenter, 2000),
    text(r.glAccount, 2000), r.sourceRef.slice(0, 200), text(r.poNumber, 2000),
  ]);
}
rowsOut.close();
const s = (performance.now() - t0) / 1000;
console.log(mode, n, s.toFixed(2) + 's', Math.round(n / s) + ' rows/s', 'VmHWM', /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1], 'kB', JSON.stringify(read.mapping.columns), read.summary().totalsByCurrency);
