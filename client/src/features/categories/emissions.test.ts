import { describe, expect, it } from 'vitest';
import { ratioOf } from './emissions';

describe('ratioOf', () => {
  it('is the part over the whole, and null without a whole', () => {
    expect(ratioOf('25.00', '100.00')).toBe(0.25);
    expect(ratioOf('1', '0')).toBeNull();
    expect(ratioOf(null, '10')).toBeNull();
    expect(ratioOf('1', null)).toBeNull();
  });
});
