/**
 * ISO 4217 currency codes, as the runtime knows them (Intl). One list for every place a currency
 * is entered: an import's cells, a contract's ceiling, an FX rate.
 */
const ISO_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export function isIsoCurrency(code: string): boolean {
  return ISO_CURRENCIES.has(code);
}
