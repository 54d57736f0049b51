import { describe, expect, it } from 'vitest';
import { detectDateFormat, parseDate } from './dates.js';

describe('dates', () => {
  it.each([
    ['2015-04-10', 'ISO', '2015-04-10'],
    ['2014-11-20T14:37:05-05:00', 'ISO', '2014-11-20'],
    ['07/04/2015', 'DMY', '2015-04-07'],
    ['9/8/2016', 'MDY', '2016-09-08'],
    ['201501', 'YYYYMM', '2015-01-01'],
    ['41730', 'EXCEL_SERIAL', '2014-04-01'],
    ['01-Apr-14', 'D_MON_Y', '2014-04-01'],
    ['1 April 2014', 'D_MON_Y', '2014-04-01'],
  ] as const)('%s as %s', (raw, format, iso) => expect(parseDate(raw, format)).toEqual({ ok: true, iso }));

  it.each([
    ['', 'DMY', 'DATE_MISSING'],
    ['00:00:00', 'DMY', 'DATE_MISSING'],
    ['31/02/2015', 'DMY', 'DATE_INVALID'],
    ['29/02/2015', 'DMY', 'DATE_INVALID'],
    ['2015-13-01', 'ISO', 'DATE_INVALID'],
    ['13/01/2015', 'MDY', 'DATE_INVALID'],
    ['201513', 'YYYYMM', 'DATE_INVALID'],
    ['P13', 'ISO', 'DATE_INVALID'],
  ] as const)('%s as %s is %s', (raw, format, code) => expect(parseDate(raw, format)).toMatchObject({ ok: false, code }));

  it('leap day is real in 2016', () => expect(parseDate('29/02/2016', 'DMY')).toEqual({ ok: true, iso: '2016-02-29' }));

  it('without a format, day/month-ambiguous values are errors and others parse', () => {
    expect(parseDate('03/04/2015', undefined)).toMatchObject({ ok: false, code: 'DATE_AMBIGUOUS' });
    expect(parseDate('13/04/2015', undefined)).toEqual({ ok: true, iso: '2015-04-13' });
    expect(parseDate('05/05/2015', undefined)).toEqual({ ok: true, iso: '2015-05-05' });
  });

  it('detects the format from evidence, then from the hint', () => {
    expect(detectDateFormat(['07/04/2015', '21/04/2015']).format).toBe('DMY');
    expect(detectDateFormat(['9/8/2016', '8/29/2016']).format).toBe('MDY');
    expect(detectDateFormat(['9/8/2016', '9/9/2016']).format).toBeUndefined();
    expect(detectDateFormat(['9/8/2016', '9/9/2016'], 'MDY').format).toBe('MDY');
    expect(detectDateFormat(['2022-08-01', '']).format).toBe('ISO');
    expect(detectDateFormat(['201501', '201502']).format).toBe('YYYYMM');
    expect(detectDateFormat(['41730', '41731.5']).format).toBe('EXCEL_SERIAL');
    expect(detectDateFormat(['01-Apr-14', '30-Apr-14']).format).toBe('D_MON_Y');
    expect(detectDateFormat(['00:00:00', '00:00:00']).format).toBeUndefined();
  });
});
