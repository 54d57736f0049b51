/**
 * Amounts as published ("£1,234.50", "(12.50)", "1.234,56 EUR") to exact decimal strings: money
 * never touches floating point.
 */
import { AMOUNT_LIMIT_NOTE, amountFits, fromScaled, scaleDigits } from '../../lib/decimal.js';

export type AmountParse =
  | { ok: true; cents: bigint; amount: string; rounded: boolean; currency: string | undefined }
  | { ok: false; code: 'AMOUNT_MISSING' | 'AMOUNT_INVALID'; message: string };

const PLAIN_AMOUNT = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;
const SYMBOLS: Record<string, string> = { '£': 'GBP', '$': 'USD', '€': 'EUR', '¥': 'JPY' };
/**
 * Parses an amount: currency symbols and ISO codes, thousands separators and spaces removed;
 * `(12.50)`, a leading or trailing minus mean negative; more than 2 decimals round half-even.
 * A lone comma followed by 1–2 digits is a decimal comma ("12,5"); groups of 3 are thousands.
 */
export function parseAmount(raw: string): AmountParse {
  const fast = PLAIN_AMOUNT.exec(raw);
  if (fast) {
    // The common case of council files: a plain number with at most 2 decimals.
    const cents = BigInt(fast[2] + (fast[3] ?? '').padEnd(2, '0'));
    const signed = fast[1] === '-' ? -cents : cents;
    return { ok: true, cents: signed, amount: fromScaled(signed, 2), rounded: false, currency: undefined };
  }
  const n = parseDecimal(raw, 2);
  if (n.ok) return { ok: true, cents: n.scaled, amount: n.text, rounded: n.rounded, currency: n.currency };
  if (n.reason === 'EMPTY') return { ok: false, code: 'AMOUNT_MISSING', message: 'The amount is empty.' };
  return { ok: false, code: 'AMOUNT_INVALID', message: `"${raw.trim()}" ${n.reason === 'TOO_LARGE' ? `is too large (${AMOUNT_LIMIT_NOTE})` : 'is not a number'}.` };
}

export type DecimalParse =
  | { ok: true; scaled: bigint; text: string; rounded: boolean; currency: string | undefined }
  | { ok: false; reason: 'EMPTY' | 'NOT_A_NUMBER' | 'TOO_LARGE' };

/**
 * A number as published, written the ways amounts are (parseAmount's rules: symbols and ISO codes,
 * separators, signs, a decimal comma), as an exact decimal of `scale` places, extra digits rounded
 * half-even. It must fit a DECIMAL(18, scale): amounts (2 places), quantities and unit prices (6).
 */
export function parseDecimal(raw: string, scale: number): DecimalParse {
  const plain = plainDecimal(raw, scale);
  if (plain !== undefined) return plain;
  let s = raw.replace(/[\s\u00a0\u2009\u202f]+/g, '');
  if (s === '') return { ok: false, reason: 'EMPTY' };
  const invalid: DecimalParse = { ok: false, reason: 'NOT_A_NUMBER' };
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1);
  }
  let currency: string | undefined;
  const code = /^([A-Za-z]{3})(?=[-\d.,(£$€¥])|(?<=[\d.)])([A-Za-z]{3})$/.exec(s);
  if (code) {
    currency = (code[1] ?? code[2]).toUpperCase();
    s = code[1] !== undefined ? s.slice(3) : s.slice(0, -3);
  }
  for (const [symbol, iso] of Object.entries(SYMBOLS)) {
    if (s.includes(symbol)) {
      currency ??= iso;
      s = s.replace(symbol, '');
    }
  }
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.startsWith('\u2212')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  s = s.replace(/'/g, '');
  const commas = (s.match(/,/g) ?? []).length;
  const dots = (s.match(/\./g) ?? []).length;
  if (commas > 0 && dots > 0) {
    // The separator that comes last is the decimal one: 1,234.56 or 1.234,56.
    if (s.lastIndexOf(',') > s.lastIndexOf('.')) s = s.replace(/\./g, '').replace(',', '.');
    else s = s.replace(/,/g, '');
  } else if (commas > 0) {
    // One comma before 1–2 digits is a decimal comma ("12,5"); before 3 it is a thousands
    // separator ("2,500"), as amounts read it, unless nothing stands before it but a zero ("0,125").
    // Past 2 places (quantities, unit prices) 4 or more digits after it are decimals too ("1,2345").
    const decimals = commas === 1 ? /^(\d*),(\d+)$/.exec(s) : null;
    const after = decimals?.[2].length ?? 0;
    if (decimals && (after <= 2 || (after === 3 && /^0?$/.test(decimals[1])) || (after > 3 && scale > 2))) s = s.replace(',', '.');
    else if (/^\d{1,3}(,\d{3})+$/.test(s)) s = s.replace(/,/g, '');
    else return invalid;
  } else if (dots > 1) {
    if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
    else return invalid;
  }
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return invalid;
  const { value, rounded } = scaleDigits(m[1], m[2] ?? '', scale);
  // DECIMAL(18, scale) holds 18 digits whatever the scale: the bound amountFits checks for cents.
  if (!amountFits(value)) return { ok: false, reason: 'TOO_LARGE' };
  const scaled = negative ? -value : value;
  return { ok: true, scaled, text: fromScaled(scaled, scale), rounded, currency };
}

/**
 * parseDecimal's fast path: a plain number (an optional minus, digits, at most `scale` decimals)
 * that fits DECIMAL(18, scale), written at `scale` places with no BigInt; undefined for anything else.
 */
function plainDecimal(raw: string, scale: number): DecimalParse | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(raw);
  if (!m || (m[3]?.length ?? 0) > scale) return undefined;
  const whole = m[2].replace(/^0+(?=\d)/, '');
  if (whole.length > 18 - scale) return undefined;
  const frac = (m[3] ?? '').padEnd(scale, '0');
  const zero = whole === '0' && !/[1-9]/.test(frac);
  const text = `${m[1] === '-' && !zero ? '-' : ''}${whole}.${frac}`;
  return { ok: true, scaled: BigInt(text.replace('.', '')), text, rounded: false, currency: undefined };
}

/**
 * parseAmount's fast path without regular expressions or BigInt: the amount text for what
 * PLAIN_AMOUNT matches (a plain number with at most 2 decimals), undefined for anything else.
 */
export function plainAmount(raw: string): string | undefined {
  const n = raw.length;
  let i = 0;
  const negative = n > 0 && raw.charCodeAt(0) === 45;
  if (negative) i = 1;
  const wholeStart = i;
  while (i < n) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i++;
  }
  const wholeEnd = i;
  if (wholeEnd === wholeStart || wholeEnd - wholeStart > 15) return undefined;
  let frac = '00';
  if (i < n) {
    if (raw.charCodeAt(i) !== 46) return undefined;
    const fracStart = ++i;
    while (i < n) {
      const c = raw.charCodeAt(i);
      if (c < 48 || c > 57) return undefined;
      i++;
    }
    const fracLength = i - fracStart;
    if (fracLength === 2) frac = raw.slice(fracStart, i);
    else if (fracLength === 1) frac = `${raw[fracStart]}0`;
    else return undefined;
  }
  let w = wholeStart;
  while (w < wholeEnd - 1 && raw.charCodeAt(w) === 48) w++;
  const zero = w === wholeEnd - 1 && raw.charCodeAt(w) === 48 && frac === '00';
  // Already in canonical form ("1234.50", "-7.05"): the text itself.
  if (w === wholeStart && n - wholeEnd === 3 && !(negative && zero)) return raw;
  const whole = raw.slice(w, wholeEnd);
  return negative && !zero ? `-${whole}.${frac}` : `${whole}.${frac}`;
}
