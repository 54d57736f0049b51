/**
 * Exact decimal arithmetic on strings via BigInt, for money and ratios on the server.
 * Values are "scaled integers": a bigint and a number of decimal places.
 */
const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal string into an integer of `scale` decimal places; extra digits round half-even. */
export function toScaled(value: string, scale: number): bigint {
  const m = DECIMAL_RE.exec(value.trim());
  if (!m) throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole, frac = ''] = m;
  let digits = BigInt(whole + frac.padEnd(scale, '0').slice(0, scale));
  const rest = frac.slice(scale);
  if (rest.length > 0 && /[1-9]/.test(rest)) {
    const first = Number(rest[0]);
    const beyondHalf = first > 5 || (first === 5 && /[1-9]/.test(rest.slice(1)));
    const exactlyHalf = first === 5 && !/[1-9]/.test(rest.slice(1));
    if (beyondHalf || (exactlyHalf && digits % 2n === 1n)) digits += 1n;
  }
  return sign ? -digits : digits;
}

/** Formats a scaled integer back to a fixed-point string. */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** numerator / denominator rounded half-even to an integer. */
export function divRoundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) return divRoundHalfEven(-numerator, -denominator);
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let q = n / denominator;
  const twice = (n % denominator) * 2n;
  if (twice > denominator || (twice === denominator && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
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
