import { describe, expect, it } from 'vitest';
import { CsvTokenizer } from './csv.js';
import { detectDateFormat, parseDate } from './dates.js';
import { detectDelimiter, detectEncoding, detectHeaderRow } from './detect.js';
import { detectDefaultCurrency, proposeMapping } from './mapping.js';
import { normaliseSupplierName } from './normalise.js';
import { isRedactedName, looksLikeFormula, parseAmount } from './validate.js';

describe('parseAmount', () => {
  const ok = (raw: string) => {
    const r = parseAmount(raw);
    return r.ok ? r.amount : r.code;
  };
  it.each([
    ['1500', '1500.00'],
    ['8310.6', '8310.60'],
    ['-980', '-980.00'],
    ['£1,234.50', '1234.50'],
    ['$ 1,234,567.8', '1234567.80'],
    ['€12', '12.00'],
    ['GBP 12.5', '12.50'],
    ['12.50 EUR', '12.50'],
    ['(12.50)', '-12.50'],
    ['(1,332.82)', '-1332.82'],
    ['12.50-', '-12.50'],
    [' 1 234,56 ', '1234.56'],
    ['1.234,56', '1234.56'],
    ['12,5', '12.50'],
    ['.5', '0.50'],
    ['-0.00', '0.00'],
    ['0.0000', '0.00'],
    ['1.005', '1.00'],
    ['1.015', '1.02'],
    ['1.0051', '1.01'],
    ['-2.345', '-2.34'],
    ['', 'AMOUNT_MISSING'],
    ['   ', 'AMOUNT_MISSING'],
    ['Nil', 'AMOUNT_INVALID'],
    ['#N/A', 'AMOUNT_INVALID'],
    ['1,2,3', 'AMOUNT_INVALID'],
    ['1e5', 'AMOUNT_INVALID'],
    ['-', 'AMOUNT_INVALID'],
    ['12.3.4', 'AMOUNT_INVALID'],
    ['99999999999999999999', 'AMOUNT_INVALID'],
  ])('%s → %s', (raw, expected) => expect(ok(raw)).toBe(expected));

  it('flags rounding only when the value changes', () => {
    expect(parseAmount('1.005')).toMatchObject({ ok: true, rounded: true });
    expect(parseAmount('-191628.7100')).toMatchObject({ ok: true, amount: '-191628.71', rounded: false });
  });
  it('reads the currency a symbol or code implies', () => {
    expect(parseAmount('£5')).toMatchObject({ currency: 'GBP' });
    expect(parseAmount('usd 5')).toMatchObject({ currency: 'USD' });
  });
});

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

describe('normaliseSupplierName (names from the council files)', () => {
  it.each([
    ['CgMs Ltd. ', 'cgms'],
    ['Mobile Fresh Ltd. ', 'mobile fresh'],
    ['NEWSQUEST MIDLANDS, WALES & SOUTH WEST', 'newsquest midlands wales and south west'],
    ['Oxford & Cherwell Valley College', 'oxford and cherwell valley college'],
    ['The Borough of Calderdale', 'borough of calderdale'],
    ['ATKINS LIMITED', 'atkins'],
    ['Atkins  Ltd', 'atkins'],
    ['SEFE ENERGY Ltd', 'sefe energy'],
    ['GM PACKAGING (UK) LTD', 'gm packaging uk'],
    ['JULIE\uFFFDS BICYCLE', 'julies bicycle'],
    ["Sainsbury's Supermarkets Ltd", 'sainsburys supermarkets'],
    ['REXAM CONSUMER PLASTICS INC.', 'rexam consumer plastics'],
    ['Acme Co Ltd', 'acme'],
    ['Société Générale S.A.', 'societe generale'],
    ['LTD', 'ltd'],
  ])('%s → %s', (raw, key) => expect(normaliseSupplierName(raw)).toBe(key));
});

describe('redactions and formula-like text', () => {
  it.each(['Redacted personal data', 'REDACTED PERSONAL DATA', 'Redacted, personal data', 'Redacted  Personal Data',
    'Redacted Personal Information', 'REDACTED COMMERCIAL CONFIDENTIALITY', 'Reacted personal data', 'Personal Expense', 'Redacted'])(
    '%s is a redaction', (name) => expect(isRedactedName(name)).toBe(true));
  it.each(['REDACTIVE PUBLISHING LTD', 'PERSONAL STRENGTHS (UK) LTD', 'Personal Budgets', 'Branas Isaf Personal Development Centre'])(
    '%s is a real supplier', (name) => expect(isRedactedName(name)).toBe(false));
  it('formula-like', () => {
    expect(['=1+1', '@SUM(A1)', '+cmd', '-cmd'].every(looksLikeFormula)).toBe(true);
    expect(['-0.01', '+44 20 7946', 'Creditors - BACS', '- '].some(looksLikeFormula)).toBe(false);
  });
});

describe('detection', () => {
  it('encoding', () => {
    expect(detectEncoding(Buffer.from('\uFEFFa,b', 'utf8'))).toMatchObject({ encoding: 'utf-8', bom: 'bom', bomLength: 3 });
    expect(detectEncoding(Buffer.from([0xc3, 0xaf, 0xc2, 0xbb, 0xc2, 0xbf, 0x61]))).toMatchObject({ bom: 'double-bom', bomLength: 6 });
    expect(detectEncoding(Buffer.from('Café', 'utf8')).encoding).toBe('utf-8');
    expect(detectEncoding(Buffer.from([0x43, 0x61, 0x66, 0xe9]), true).encoding).toBe('windows-1252');
    expect(detectEncoding(Buffer.from([0x43, 0xe9, 0x61, 0x66])).encoding).toBe('windows-1252');
    // A multi-byte character cut at the end of the sample is still UTF-8.
    expect(detectEncoding(Buffer.from('Caf\u00e9', 'utf8').subarray(0, 4)).encoding).toBe('utf-8');
  });
  it('delimiter', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('a;b;c\n1,5;2,5;3\n4;"x;y";6\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n"1,2"\t2\t3\n')).toBe('\t');
    expect(detectDelimiter('"x, y, z";b;c\n1;2;3\n4;5;6\n')).toBe(';');
  });
  it('header row after preamble lines', () => {
    const tokenizer = new CsvTokenizer(',');
    const rows = tokenizer.end(tokenizer.push(
      'Darlington Borough Council - Analysis,,\n,,Feb-13,,\ncolumns,,text description\n,,Directotate,Service,Supplier,Amount,Account\nX,,A,B,C,1.00,D\nX,,A,B,C,2.00,D\n',
    ));
    const h = detectHeaderRow(rows);
    expect(h.rowNumber).toBe(4);
    expect(h.headers).toEqual(['', '', 'Directotate', 'Service', 'Supplier', 'Amount', 'Account']);
  });
  it('default currency per source, always with its basis', () => {
    const of = (raw: string) => {
      const p = parseAmount(raw);
      return p.ok ? p.currency : undefined;
    };
    expect(detectDefaultCurrency(['Body Name', 'Expenditure Category', 'Amount'])).toMatchObject({ currency: 'GBP', basis: 'HEADER_VOCABULARY' });
    expect(detectDefaultCurrency(['dollarsobligated', 'vendorname'])).toMatchObject({ currency: 'USD', basis: 'HEADER_VOCABULARY' });
    // Symbols and ISO codes in the amounts come first, even over a UK vocabulary.
    expect(detectDefaultCurrency(['Body Name', 'Amount'], ['€ 12', '13'], [], of)).toMatchObject({ currency: 'EUR', basis: 'AMOUNT_SYMBOLS' });
    expect(detectDefaultCurrency(['Date', 'Amount'], ['12.00 CHF'], [], of)).toMatchObject({ currency: 'CHF', basis: 'AMOUNT_SYMBOLS' });
    const uk = ['Costain Ltd', 'Balfour Beatty PLC', 'Amey LLP', 'Arup Limited', 'Kier Ltd.', 'A Person'];
    expect(detectDefaultCurrency(['Supplier', 'Spend'], ['1'], uk, of)).toMatchObject({ currency: 'GBP', basis: 'SUPPLIER_LEGAL_FORMS' });
    // Too few names, or a mix, says nothing: the user is asked.
    expect(detectDefaultCurrency(['Supplier', 'Spend'], ['1'], uk.slice(0, 3), of)).toBeUndefined();
    expect(detectDefaultCurrency(['Supplier', 'Spend'], ['1'], [...uk, 'A Inc', 'B LLC', 'C Corp'], of)).toBeUndefined();
    expect(detectDefaultCurrency(['Date', 'Amount'])).toBeUndefined();
  });
});

describe('proposeMapping: every distinct header set in the datasets', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['oxford 2014-16', 'Body Name,Organisational Unit,Expenditure Category,Expenditure Code,Paid Date,Trans No,Amount,Type,Supplier ID,Supplier Name',
      { businessUnit: 'Organisational Unit', category: 'Expenditure Category', glAccount: 'Expenditure Code', invoiceDate: 'Paid Date', sourceRef: 'Trans No', amount: 'Amount', supplierName: 'Supplier Name' }],
    ['oxford snake', 'body_name,organisational_unit,expenditure_category,expenditure_code,paid_date,trans_no,amount,caporrev,supplier_id,supplier_name',
      { businessUnit: 'organisational_unit', category: 'expenditure_category', glAccount: 'expenditure_code', invoiceDate: 'paid_date', sourceRef: 'trans_no', amount: 'amount', supplierName: 'supplier_name' }],
    ['oxford typo', 'Body Name,Organisatonal Unit,Expenditure Category,Expenditure Code,Paid Date,Trans No,Amount,Capital or Revenue,Supplier ID,Supplier Name ',
      { businessUnit: 'Organisatonal Unit', category: 'Expenditure Category', glAccount: 'Expenditure Code', invoiceDate: 'Paid Date', sourceRef: 'Trans No', amount: 'Amount', supplierName: 'Supplier Name ' }],
    ['oxford 2015', 'Organisation,Service Area,Expenditure Unit,Expenditure Code,Paid Date,Trans No,Amount,caporrev,Supplier ID,Supplier Name',
      { businessUnit: 'Service Area', category: 'Expenditure Unit', glAccount: 'Expenditure Code', invoiceDate: 'Paid Date', sourceRef: 'Trans No', amount: 'Amount', supplierName: 'Supplier Name' }],
    ['oxford 2016-18', 'Client,Service Area,Expenditure Catergory,Expenditure Code,Paid Date,Trans No,Amount,Type of Expenditure,Supplier ID,Supplier Name',
      { businessUnit: 'Service Area', category: 'Expenditure Catergory', glAccount: 'Expenditure Code', invoiceDate: 'Paid Date', sourceRef: 'Trans No', amount: 'Amount', supplierName: 'Supplier Name' }],
    ['oxford jul-sep-2017', 'Client,Service Area,Expenditure Code,Paid Date,Trans No,Amount,Type of Expenditure,Supplier ID,Supplier Name',
      { businessUnit: 'Service Area', glAccount: 'Expenditure Code', invoiceDate: 'Paid Date', sourceRef: 'Trans No', amount: 'Amount', supplierName: 'Supplier Name' }],
    ['cabinet office', '#,Departmental Family,Entity,Date,Expense Type,Expense Area,Supplier,Transaction number,Amount',
      { invoiceDate: 'Date', category: 'Expense Type', businessUnit: 'Expense Area', supplierName: 'Supplier', sourceRef: 'Transaction number', amount: 'Amount' }],
    ['calderdale card', 'Body,Organistion Name,Transaction Date,Transaction number,Supplier Name,Net Amount,Merchant Category,Merchant Category Group,Expense Area,Expense Type,Expense Code',
      { invoiceDate: 'Transaction Date', sourceRef: 'Transaction number', supplierName: 'Supplier Name', amount: 'Net Amount', businessUnit: 'Expense Area', category: 'Expense Type', glAccount: 'Expense Code' }],
    ['darlington', ',,Directotate,Service,Supplier,Transaction Number,Transaction Date,Invoice Line Value (net of VAT),Account,Bal Sheet Level 1,Bal Sheet Level 2',
      { businessUnit: 'Directotate', supplierName: 'Supplier', sourceRef: 'Transaction Number', invoiceDate: 'Transaction Date', amount: 'Invoice Line Value (net of VAT)', glAccount: 'Account' }],
    ['gateshead', 'Strgrpcc(T),Cipfsubj(T),Cipfsubs(T),TransNo,Sequence no,Period,Supplier ID(T),Amount,Updated',
      { sourceRef: 'TransNo', invoiceDate: 'Period', supplierName: 'Supplier ID(T)', amount: 'Amount' }],
    ['harrogate', 'Body Name,Expenditure Category,Capital / Revenue,Service Label,Service Code,Expenditure Code,Payment Date,Supplier Name,Transaction No.,Net Amount,Narrative',
      { category: 'Expenditure Category', businessUnit: 'Service Label', costCenter: 'Service Code', glAccount: 'Expenditure Code', invoiceDate: 'Payment Date', supplierName: 'Supplier Name', sourceRef: 'Transaction No.', amount: 'Net Amount', description: 'Narrative' }],
    ['london', 'Vendor ID,Vendor Name,Cost Element,Expenditure Account Code Description,Document No,Amount,Clearing Date,Directorate,Service Expenditure Analysis',
      { supplierName: 'Vendor Name', glAccount: 'Cost Element', category: 'Expenditure Account Code Description', sourceRef: 'Document No', amount: 'Amount', invoiceDate: 'Clearing Date', businessUnit: 'Directorate' }],
    ['network rail', 'Supplier Name,Item Description,Category Family,Invoice GL Date,Spend',
      { supplierName: 'Supplier Name', description: 'Item Description', category: 'Category Family', invoiceDate: 'Invoice GL Date', amount: 'Spend' }],
    ['salford', 'Authority Name,Date of Payment,DocumentNo,Gross,VAT,Net,Vendor Name,Service Area,GL Description',
      { invoiceDate: 'Date of Payment', sourceRef: 'DocumentNo', amount: 'Net', supplierName: 'Vendor Name', businessUnit: 'Service Area', category: 'GL Description' }],
    ['tfl', 'Entity,Vendor Name,Expenditure Account,Document Number,Clearing Date,Amount,Merchant Category',
      { supplierName: 'Vendor Name', sourceRef: 'Document Number', invoiceDate: 'Clearing Date', amount: 'Amount', category: 'Merchant Category' }],
  ];
  it.each(cases)('%s', (_name, header, expected) => {
    const headers = header.split(',');
    const proposed = proposeMapping(headers);
    const byField = Object.fromEntries(Object.entries(proposed.columns).map(([f, c]) => [f, headers[c]]));
    expect(byField).toEqual(expected);
    // One column per field and one field per column.
    expect(new Set(Object.values(proposed.columns)).size).toBe(Object.keys(proposed.columns).length);
  });
});
