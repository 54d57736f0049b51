import { describe, expect, it } from 'vitest';
import { isIsoCountry } from './country.js';

describe('isIsoCountry', () => {
  it('accepts ISO 3166-1 alpha-2 codes and refuses groupings, reserved codes and look-alikes', () => {
    for (const code of ['GB', 'NL', 'DE', 'US', 'BR', 'XK', 'AQ']) expect(isIsoCountry(code), code).toBe(true);
    for (const code of ['XX', 'ZZ', 'AA', 'EU', 'EZ', 'UN', 'UK', 'QO', 'gb', 'GBR', 'G', '']) expect(isIsoCountry(code), code).toBe(false);
  });
});
