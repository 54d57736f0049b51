/**
 * Small reference CSVs (FX rates, taxonomies): header names → columns, RFC 4180 quoting, rows
 * numbered as in the file. Reference files are small (a taxonomy of 20,000 codes is 2 MB), so
 * they are read whole, with the same tokenizer as imports (lib/csv.ts).
 */
import { tokenizeText } from '../../lib/csv.js';

export function readTable(text: string, required: readonly string[], optional: readonly string[] = []) {
  const records = tokenizeText(text.replace(/^\uFEFF/, ''), ',', true);
  const header = (records[0]?.cells ?? []).map((h) => h.trim().toLowerCase());
  const missing = required.filter((r) => !header.includes(r));
  const index = Object.fromEntries([...required, ...optional].map((name) => [name, header.indexOf(name)]));
  const rows = records.slice(1)
    .filter((r) => r.cells.some((c) => c.trim() !== ''))
    .map((r) => ({ rowNumber: r.rowNumber, get: (name: string) => (index[name] >= 0 ? (r.cells[index[name]] ?? '').trim() : '') }));
  return { missing, rows };
}
