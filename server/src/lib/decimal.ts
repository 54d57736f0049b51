/**
 * Exact decimal arithmetic on strings via BigInt, for money and ratios on the server.
 * Values are "scaled integers": a bigint and a number of decimal places.
 */
const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Half to even, the one rounding rule for money here: whether a quotient goes one step further
 * from zero, given how the part dropped compares with a half (negative: less, 0: exactly a half,
 * positive: more) and whether the quotient is odd.
 */
function roundsAway(droppedVsHalf: number, quotientOdd: boolean): boolean {
  return droppedVsHalf > 0 || (droppedVsHalf === 0 && quotientOdd);
}

/**
 * The digits `whole`.`frac` as an integer of `scale` decimal places, extra digits rounded
 * half-even; `rounded` says whether a nonzero digit was dropped.
 */
export function scaleDigits(whole: string, frac: string, scale: number): { value: bigint; rounded: boolean } {
  let value = BigInt((whole === '' ? '0' : whole) + frac.padEnd(scale, '0').slice(0, scale));
  const rest = frac.slice(scale);
  const rounded = /[1-9]/.test(rest);
  if (rounded) {
    const first = rest.charCodeAt(0) - 48;
    const vsHalf = first !== 5 ? first - 5 : /[1-9]/.test(rest.slice(1)) ? 1 : 0;
    if (roundsAway(vsHalf, value % 2n === 1n)) value += 1n;
  }
  return { value, rounded };
}

/** Parses a decimal string into an integer of `scale` decimal places; extra digits round half-even. */
export function toScaled(value: string, scale: number): bigint {
  const m = DECIMAL_RE.exec(value.trim());
  if (!m) throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole, frac = ''] = m;
  const digits = scaleDigits(whole, frac, scale).value;
  return sign ? -digits : digits;
}

/**
 * Formats a scaled integer back to a fixed-point string: cents (scale 2) → "-1234.05". Safe
 * integers are taken as they are, so hot loops need no BigInt.
 */
export function fromScaled(value: bigint | number, scale: number): string {
  const negative = value < 0;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

/**
 * Amounts are stored as DECIMAL(18,2): the amount of a line as published and its value in the
 * reporting currency, and an import's total. At most 16 integer digits, so the cents of every
 * stored amount are below this in absolute value.
 */
export const MAX_AMOUNT_CENTS = 10n ** 18n;
/** The largest amount stored, as messages name it. */
export const MAX_AMOUNT = fromScaled(MAX_AMOUNT_CENTS - 1n, 2);
/** Why an amount is refused when it does not fit, for messages. */
export const AMOUNT_LIMIT_NOTE = `amounts are stored up to ±${MAX_AMOUNT}`;

/** Whether cents of an amount fit the stored DECIMAL(18,2). */
export function amountFits(cents: bigint): boolean {
  return cents < MAX_AMOUNT_CENTS && cents > -MAX_AMOUNT_CENTS;
}

/** numerator / denominator rounded half-even to an integer. */
export function divRoundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) return divRoundHalfEven(-numerator, -denominator);
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let q = n / denominator;
  const twice = (n % denominator) * 2n;
  if (roundsAway(twice === denominator ? 0 : twice > denominator ? 1 : -1, q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/**
 * divRoundHalfEven on safe integers (a positive denominator), for loops where a BigInt per value
 * would cost seconds; the caller keeps the numerator below 2^53.
 */
export function divRoundHalfEvenInt(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divRoundHalfEvenInt: ${numerator} / ${denominator} is not exact in a double`);
  }
  const n = Math.abs(numerator);
  const remainder = n % denominator;
  let q = (n - remainder) / denominator;
  const twice = remainder * 2;
  if (roundsAway(twice === denominator ? 0 : twice > denominator ? 1 : -1, q % 2 === 1)) q += 1;
  return numerator < 0 ? -q : q;
}

/** a / b as a decimal string with `scale` places (half-even); null when b is zero. */
export function ratio(a: string, b: string, scale = 6): string | null {
  const bs = toScaled(b, 2);
  if (bs === 0n) return null;
  return fromScaled(divRoundHalfEven(toScaled(a, 2) * 10n ** BigInt(scale), bs), scale);
}

/** Money / count, rounded half-even to the cent; null when the count is zero. */
export function average(money: string, count: number): string | null {
  if (count === 0) return null;
  return fromScaled(divRoundHalfEven(toScaled(money, 2), BigInt(count)), 2);
}

/** Sum of money strings, exact. */
export function sumMoney(values: Iterable<string>): string {
  let total = 0n;
  for (const v of values) total += toScaled(v, 2);
  return fromScaled(total, 2);
}

/** Normalises a money string from the engine (which may carry more or fewer places) to 2 places. */
export function money(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '0.00';
  return fromScaled(toScaled(String(value), 2), 2);
}

/** a − b on money strings, exact. */
export function subtractMoney(a: string, b: string): string {
  return fromScaled(toScaled(a, 2) - toScaled(b, 2), 2);
}
