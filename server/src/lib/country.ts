/**
 * ISO 3166-1 alpha-2 country codes, as the runtime's region names know them (the same source as
 * the currency list: Intl). Intl also names groupings and reserved codes (EU, UN, the eurozone EZ,
 * "Unknown Region" ZZ, the user-assigned AA, QM–QZ, XA–XZ) and reads UK as GB: those are not
 * country codes, except XK (Kosovo), which is in common use.
 */
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });
const NOT_A_COUNTRY = /^(?:AA|EU|EZ|UK|UN|Q[M-Z]|X[A-JL-Z]|ZZ)$/;

export function isIsoCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_A_COUNTRY.test(code)) return false;
  try {
    return REGIONS.of(code) !== code;
  } catch {
    return false;
  }
}
