// The one place where Decimal strings become display text. Values arrive as exact strings from the
// API; they are turned into floats only here and in chart data, never summed for display.

const LOCALE = 'en-GB';

/** Money as text: `full` with cents, `compact` for axes and tiles, `brief` with three significant digits. */
type MoneyStyle = 'full' | 'compact' | 'brief' | 'whole';

const MONEY_STYLES: Record<MoneyStyle, Intl.NumberFormatOptions> = {
  full: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  // No trailing zero: a currency's own two places would otherwise make an axis tick "€50.0m".
  compact: { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 },
  brief: { notation: 'compact', maximumSignificantDigits: 3 },
  whole: { minimumFractionDigits: 0, maximumFractionDigits: 0 },
};

const moneyFormatters = new Map<string, Intl.NumberFormat>();

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * What Intl formats: a Decimal string as itself, so the digits shown are the API's (Intl reads a
 * numeric string exactly, where a float would turn €12,345,678,901,234,567.89 into …568.00);
 * anything else as the number. TypeScript's ES2022 lib types `format` for numbers only.
 */
function exactInput(value: string | number | null | undefined, amount: number): number {
  return (typeof value === 'string' && DECIMAL_TEXT.test(value) ? value : amount) as number;
}

function formatAmount(value: string | number | null | undefined, currency: string, style: MoneyStyle): string {
  const amount = toNumber(value);
  if (amount === null) return '—';
  // Below a thousand a short form saves nothing and loses the cents (-€14.56 read "-€14.6"):
  // such an amount is written in full, or without cents when it is whole (an axis tick: €500).
  if ((style === 'compact' || style === 'brief') && Math.abs(amount) < 1000) style = Number.isInteger(amount) ? 'whole' : 'full';
  const key = `${currency}:${style}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, ...MONEY_STYLES[style] });
    moneyFormatters.set(key, formatter);
  }
  return formatter.format(exactInput(value, amount));
}

/** A Decimal string (or a chart number) as a float; null for missing or unparsable values. */
export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Full amount with thousands separators and cents: `€1,234,567.89`. */
export function formatMoney(value: string | number | null | undefined, currency: string): string {
  return formatAmount(value, currency, 'full');
}

/**
 * A short amount with three significant digits, for the figure a change is measured from
 * ("from €1.04bn in the previous period"): `formatMoneyCompact`'s "€1bn" cannot explain a 6.3% change.
 */
export function formatMoneyBrief(value: string | number | null | undefined, currency: string): string {
  return formatAmount(value, currency, 'brief');
}

/** Short amount for axes and tiles: `€1.2M`. */
export function formatMoneyCompact(value: string | number | null | undefined, currency: string): string {
  return formatAmount(value, currency, 'compact');
}

const percentFormatter = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 });
const percentAxisFormatter = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });

/** A fraction (`"0.4235"`) as a percentage: `42.4%`. */
export function formatPercent(fraction: string | number | null | undefined): string {
  const value = toNumber(fraction);
  return value === null ? '—' : percentFormatter.format(value);
}

/** A fraction as a whole percentage for chart axes: `40%`. */
export function formatPercentAxis(fraction: number): string {
  return percentAxisFormatter.format(fraction);
}

const countFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** A whole number with thousands separators. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : countFormatter.format(value);
}

/** A count with its noun, singular for exactly one: `1 supplier`, `1,204 suppliers`. */
export function formatCountOf(value: number, one: string, many: string): string {
  return `${countFormatter.format(value)} ${value === 1 ? one : many}`;
}

const decimalFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** A decimal that is not money (a quantity, kilograms): thousands separators, at most one decimal. */
export function formatDecimal(value: string | number | null | undefined): string {
  const number = toNumber(value);
  return number === null ? '—' : decimalFormatter.format(number);
}

const compactNumberFormatter = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

const exactDecimalFormatters = new Map<number, Intl.NumberFormat>();

/**
 * A decimal of unknown meaning with the places it has (up to six), grouped and exact:
 * `"1234.50"` → `1,234.50`, `3` → `3`.
 */
export function formatDecimalExact(value: string | number): string {
  const amount = toNumber(value);
  if (amount === null) return String(value);
  const places = Math.min(6, String(value).split('.')[1]?.length ?? 0);
  let formatter = exactDecimalFormatters.get(places);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: places, maximumFractionDigits: places });
    exactDecimalFormatters.set(places, formatter);
  }
  return formatter.format(exactInput(value, amount));
}

/** A number that is not known to be money, short, for chart axes: `100m`, `2.5k`, `740`. */
export function formatNumberCompact(value: number): string {
  return compactNumberFormatter.format(value);
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/** A signed change fraction as `▲ 12.3%` / `▼ 4.0%`, with its direction for colouring. */
export function formatChange(fraction: string | null | undefined): { text: string; direction: ChangeDirection } | null {
  const value = toNumber(fraction);
  if (value === null) return null;
  if (Math.abs(value) < 0.0005) return { text: '0.0%', direction: 'flat' };
  const direction: ChangeDirection = value > 0 ? 'up' : 'down';
  return { text: `${direction === 'up' ? '▲' : '▼'} ${percentFormatter.format(Math.abs(value))}`, direction };
}

/**
 * Three-letter English month names, as the server labels months and exports write them: the
 * browser's en-GB short month is "Sept", which would make the screen and the files disagree.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A month key `2025-03` as `Mar 2025`. */
export function formatMonth(monthKey: string): string {
  const [year, month] = monthKey.split('-').map(Number);
  if (!year || !month || month > 12) return monthKey;
  return `${MONTHS[month - 1]} ${year}`;
}

/** An ISO date `2025-03-31` as `31 Mar 2025`. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day || month > 12) return isoDate;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

const quantityFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 6 });

/** A line's quantity (six decimals stored) with thousands separators and the decimals it has, for display: `1,250.5`. */
export function formatQuantity(value: string | null | undefined): string {
  const quantity = toNumber(value);
  return quantity === null ? '—' : quantityFormatter.format(quantity);
}

const unitPriceFormatters = new Map<string, Intl.NumberFormat>();

/** A unit price (six decimals stored) in its currency: cents at least, and the finer digits it has: `£0.123457`, `€4.50`. */
export function formatUnitPrice(value: string | null | undefined, currency: string): string {
  const price = toNumber(value);
  if (price === null) return '—';
  let formatter = unitPriceFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 6 });
    unitPriceFormatters.set(currency, formatter);
  }
  return formatter.format(price);
}

const rateFormatter = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 6, maximumFractionDigits: 6 });

/** An exchange rate Decimal (`"1.190000"`) with its six decimals: `1.190000`. */
export function formatRate(value: string | null | undefined): string {
  const rate = toNumber(value);
  return rate === null ? '—' : rateFormatter.format(rate);
}

const dateTimeFormatter = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp in the viewer's time zone: `21 Nov 2026, 06:39`. */
export function formatDateTime(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  return Number.isNaN(date.getTime()) ? isoDateTime : dateTimeFormatter.format(date);
}
