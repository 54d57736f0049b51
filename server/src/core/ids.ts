import { badInput } from '../errors.js';

/** Parses an `ID` argument that must name an integer-keyed entity; anything else is bad input. */
export function parseId(value: string, field: string): number {
  if (!/^\d{1,10}$/.test(value)) throw badInput(field, `${field} must be a numeric id, got "${value.slice(0, 40)}".`);
  return Number(value);
}
