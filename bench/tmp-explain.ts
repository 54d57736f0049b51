import { DuckDBInstance } from '@duckdb/node-api';
import { loadConfig } from '../server/src/config.js';
import { priceVarianceItems } from '../server/src/core/opportunities.js';
import { sql } from '../server/src/store/sql.js';
const config = loadConfig({});
const where = process.env.Y ? sql`s.invoice_date >= DATE '2025-11-01' AND s.invoice_date <= DATE '2026-10-31'` : sql`TRUE`;
const q = sql`WITH ${priceVarianceItems(where, config, true)} SELECT (SELECT count(*) FROM benchmarks), (SELECT SUM(spend) FROM by_item), (SELECT SUM(above) FROM by_item)`;
const text = q.strings.map((s, i) => s + (i < q.values.length ? (typeof q.values[i] === 'string' ? `'${q.values[i]}'` : String(q.values[i])) : '')).join('');
const inst = await DuckDBInstance.create('/tmp/demo10m.duckdb', { threads: '2', perfect_ht_threshold: '16' });
const c = await inst.connect();
const xs: number[] = [];
for (let i = 0; i < 7; i++) { const s = performance.now(); const r = await c.runAndReadAll(text); xs.push(performance.now() - s); if (i === 0) console.log(JSON.stringify(r.getRows()[0], (k, v) => typeof v === 'bigint' ? String(v) : v)); }
console.log(xs.map((x) => x.toFixed(0)).join(' '), 'median', xs.sort((a, b) => a - b)[3].toFixed(0));
if (process.env.PROF) { await c.run("PRAGMA enable_profiling='json'"); await c.run("PRAGMA profiling_output='/tmp/prof.json'"); await c.runAndReadAll(text); }
