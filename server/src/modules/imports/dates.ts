/** Date formats of spend files: detection from sample values and exact parsing to 'YYYY-MM-DD'. */
import type { DateFormat } from './types.js';

export type DateParse =
  | { ok: true; iso: string }
  | { ok: false; code: 'DATE_MISSING' | 'DATE_INVALID' | 'DATE_AMBIGUOUS'; message: string };

const ISO_RE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const SLASH_RE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/;
const YYYYMM_RE = /^(\d{4})(\d{2})$/;
const SERIAL_RE = /^\d{1,7}(?:\.\d+)?$/;
const MON_RE = /^(\d{1,2})[-\s/]([A-Za-z]{3,9})[-\s/,]+(\d{4}|\d{2})$/;
const TIME_ONLY_RE = /^\d{1,2}:\d{2}(?::\d{2})?$/;

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

/** Excel's day 0 for the 1900 date system, already shifted for its fictitious 29 Feb 1900. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Serials accepted as dates: 1 Jan 1900 … 31 Dec 2099; anything else is surely not a date. */
const EXCEL_MIN = 1;
const EXCEL_MAX = 73050;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Two-digit years pivot at 50: 14 → 2014, 98 → 1998 (spend files are recent). */
function fullYear(text: string): number {
  const y = Number(text);
  if (text.length === 4) return y;
  return y < 50 ? 2000 + y : 1900 + y;
}

function build(year: number, month: number, day: number, raw: string): DateParse {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, code: 'DATE_INVALID', message: `"${raw}" is not a real date.` };
  }
  return { ok: true, iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** Which formats a single value could be in (used to detect the column's format). */
export function formatsOf(value: string): DateFormat[] {
  const v = value.trim();
  if (v === '') return [];
  const found: DateFormat[] = [];
  if (ISO_RE.test(v)) found.push('ISO');
  const s = SLASH_RE.exec(v);
  if (s) {
    const a = Number(s[1]);
    const b = Number(s[2]);
    if (a <= 31 && b <= 12) found.push('DMY');
    if (a <= 12 && b <= 31) found.push('MDY');
  }
  if (YYYYMM_RE.test(v)) {
    const m = Number(v.slice(4));
    if (m >= 1 && m <= 12) found.push('YYYYMM');
  }
  if (SERIAL_RE.test(v)) {
    const n = Number(v);
    if (n >= EXCEL_MIN && n <= EXCEL_MAX && !YYYYMM_RE.test(v)) found.push('EXCEL_SERIAL');
  }
  const mon = MON_RE.exec(v);
  if (mon && MONTHS[mon[2].slice(0, 3).toLowerCase()] !== undefined) found.push('D_MON_Y');
  return found;
}

export interface DetectedDateFormat {
  /** undefined = values are parsed one by one and day/month-ambiguous ones rejected. */
  format: DateFormat | undefined;
  confidence: number;
}

/**
 * Picks the format that fits the samples. dd/mm vs mm/dd is decided by evidence (a first part
 * over 12 means day-first); with no evidence, `hint` (from the source's country) decides at a
 * lower confidence, and without a hint the format stays open.
 */
export function detectDateFormat(samples: string[], hint?: 'DMY' | 'MDY'): DetectedDateFormat {
  const counts = new Map<DateFormat, number>();
  let nonEmpty = 0;
  let dmyOnly = 0;
  let mdyOnly = 0;
  for (const sample of samples) {
    const formats = formatsOf(sample);
    if (sample.trim() !== '') nonEmpty++;
    for (const f of formats) counts.set(f, (counts.get(f) ?? 0) + 1);
    if (formats.includes('DMY') && !formats.includes('MDY')) dmyOnly++;
    if (formats.includes('MDY') && !formats.includes('DMY')) mdyOnly++;
  }
  if (nonEmpty === 0) return { format: undefined, confidence: 0 };
  const share = (f: DateFormat) => (counts.get(f) ?? 0) / nonEmpty;
  for (const f of ['ISO', 'D_MON_Y', 'YYYYMM'] as const) {
    if (share(f) >= 0.9) return { format: f, confidence: share(f) };
  }
  if (share('DMY') >= 0.9 || share('MDY') >= 0.9) {
    if (dmyOnly > 0 && mdyOnly === 0) return { format: 'DMY', confidence: share('DMY') };
    if (mdyOnly > 0 && dmyOnly === 0) return { format: 'MDY', confidence: share('MDY') };
    if (dmyOnly === 0 && mdyOnly === 0 && hint) return { format: hint, confidence: 0.6 };
    return { format: undefined, confidence: 0.3 };
  }
  if (share('EXCEL_SERIAL') >= 0.9) return { format: 'EXCEL_SERIAL', confidence: share('EXCEL_SERIAL') };
  return { format: undefined, confidence: 0 };
}

/** Parses one value in the given format (undefined = try every format, ambiguous → error). */
export function parseDate(value: string, format: DateFormat | undefined): DateParse {
  const v = value.trim();
  if (v === '') return { ok: false, code: 'DATE_MISSING', message: 'The date is empty.' };
  if (TIME_ONLY_RE.test(v)) {
    return { ok: false, code: 'DATE_MISSING', message: `"${v}" has a time but no date.` };
  }
  const fmt = format ?? autoFormat(v);
  if (fmt === 'AMBIGUOUS') {
    return {
      ok: false,
      code: 'DATE_AMBIGUOUS',
      message: `"${v}" could be day/month or month/day; set the column's date format.`,
    };
  }
  switch (fmt) {
    case 'ISO': {
      const m = ISO_RE.exec(v);
      if (m) return build(Number(m[1]), Number(m[2]), Number(m[3]), v);
      break;
    }
    case 'DMY':
    case 'MDY': {
      const m = SLASH_RE.exec(v);
      if (m) {
        const a = Number(m[1]);
        const b = Number(m[2]);
        return fmt === 'DMY' ? build(fullYear(m[3]), b, a, v) : build(fullYear(m[3]), a, b, v);
      }
      break;
    }
    case 'YYYYMM': {
      const m = YYYYMM_RE.exec(v);
      // A period stands for its month; the line is dated on the first day of it.
      if (m) return build(Number(m[1]), Number(m[2]), 1, v);
      break;
    }
    case 'EXCEL_SERIAL': {
      if (SERIAL_RE.test(v)) {
        const n = Math.floor(Number(v));
        if (n < EXCEL_MIN || n > EXCEL_MAX) break;
        const d = new Date(EXCEL_EPOCH_MS + n * 86_400_000);
        return build(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), v);
      }
      break;
    }
    case 'D_MON_Y': {
      const m = MON_RE.exec(v);
      const month = m ? MONTHS[m[2].slice(0, 3).toLowerCase()] : undefined;
      if (m && month !== undefined) return build(fullYear(m[3]), month, Number(m[1]), v);
      break;
    }
    case undefined:
      break;
  }
  return {
    ok: false,
    code: 'DATE_INVALID',
    message: fmt ? `"${v}" is not a date in the format ${describeDateFormat(fmt)}.` : `"${v}" is not a date.`,
  };
}

function autoFormat(v: string): DateFormat | 'AMBIGUOUS' | undefined {
  const formats = formatsOf(v);
  if (formats.includes('ISO')) return 'ISO';
  if (formats.includes('D_MON_Y')) return 'D_MON_Y';
  const dmy = formats.includes('DMY');
  const mdy = formats.includes('MDY');
  if (dmy && mdy) {
    const m = SLASH_RE.exec(v);
    // 05/05/2020 reads the same either way.
    return m && m[1] === m[2] ? 'DMY' : 'AMBIGUOUS';
  }
  if (dmy) return 'DMY';
  if (mdy) return 'MDY';
  if (formats.includes('YYYYMM')) return 'YYYYMM';
  return undefined;
}

export function describeDateFormat(format: DateFormat): string {
  switch (format) {
    case 'ISO':
      return 'YYYY-MM-DD';
    case 'DMY':
      return 'dd/mm/yyyy';
    case 'MDY':
      return 'mm/dd/yyyy';
    case 'YYYYMM':
      return 'yyyymm';
    case 'EXCEL_SERIAL':
      return 'Excel serial number';
    case 'D_MON_Y':
      return 'dd-Mon-yy';
  }
}

/** True when `iso` is more than one year after `today` (both 'YYYY-MM-DD'). */
export function isMoreThanAYearAhead(iso: string, today: string): boolean {
  const limit = `${pad(Number(today.slice(0, 4)) + 1, 4)}${today.slice(4, 10)}`;
  return iso > limit;
}
