/** Percentile of a sample (nearest-rank). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function time(fn: () => Promise<unknown>, runs: number, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export function printTable(headers: string[], rows: Array<Array<string | number>>): void {
  const cells = [headers, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? c.toFixed(1) : c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => String(r[i]).length)));
  const line = (r: Array<string | number>) => `| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(cells[0]));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const r of cells.slice(1)) console.log(line(r));
}

/** The console's default period: the 12 calendar months ending with the month of `maxDate` (client/src/filters/spendFilter.ts). */
export function last12Months(maxDate: string): { dateFrom: string; dateTo: string } {
  const [year, month] = maxDate.split('-').map(Number);
  const start = year * 12 + (month - 1) - 11;
  return { dateFrom: `${Math.floor(start / 12)}-${String((start % 12) + 1).padStart(2, '0')}-01`, dateTo: maxDate };
}
