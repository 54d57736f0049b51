// Where a date sits on the contract timeline: a linear scale over the contracts' terms that always
// shows the as-of date and the end of the warning window.

const DAY = 86_400_000;

function time(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface TimelineScale {
  from: string;
  to: string;
  warningEnd: string;
  /** 0 at `from`, 1 at `to`, clamped. */
  position(date: string): number;
  /** A tick per 1 January inside the range (every other year when the range is long). */
  ticks: Array<{ date: string; label: string; at: number }>;
}

export function timelineScale(contracts: ReadonlyArray<{ startDate: string; endDate: string }>, asOf: string, warningDays: number): TimelineScale {
  const warningEnd = isoDate(time(asOf) + warningDays * DAY);
  const starts = contracts.map((k) => time(k.startDate));
  const ends = contracts.map((k) => time(k.endDate));
  const lo = Math.min(time(asOf), ...starts);
  const hi = Math.max(time(warningEnd), ...ends);
  // A margin of 2 % each side, so bars never touch the edges.
  const pad = Math.max((hi - lo) * 0.02, 15 * DAY);
  const from = lo - pad;
  const to = hi + pad;
  const position = (date: string) => Math.min(1, Math.max(0, (time(date) - from) / (to - from)));
  const firstYear = new Date(from).getUTCFullYear() + 1;
  const lastYear = new Date(to).getUTCFullYear();
  const step = lastYear - firstYear > 8 ? 2 : 1;
  const ticks: TimelineScale['ticks'] = [];
  for (let year = firstYear; year <= lastYear; year += step) {
    const date = `${year}-01-01`;
    ticks.push({ date, label: String(year), at: position(date) });
  }
  return { from: isoDate(from), to: isoDate(to), warningEnd, position, ticks };
}
