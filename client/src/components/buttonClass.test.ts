import { describe, expect, it } from 'vitest';
import { buttonClassKeys } from './buttonClass';

describe('buttonClassKeys', () => {
  it('gives a plain secondary button of default size only the base class', () => {
    expect(buttonClassKeys()).toEqual(['button']);
    expect(buttonClassKeys({ variant: 'secondary', size: 'default' })).toEqual(['button']);
  });

  it('adds one class per variant other than secondary', () => {
    expect(buttonClassKeys({ variant: 'primary' })).toEqual(['button', 'primary']);
    expect(buttonClassKeys({ variant: 'danger' })).toEqual(['button', 'danger']);
    expect(buttonClassKeys({ variant: 'ghost' })).toEqual(['button', 'ghost']);
  });

  it('composes size, width and the non-native disabled look', () => {
    expect(buttonClassKeys({ variant: 'ghost', size: 'small', block: true, disabled: true })).toEqual(['button', 'ghost', 'small', 'block', 'disabled']);
  });
});
