import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.js';
import { detectDefaultCurrency, proposeMapping } from './mapping.js';

describe('detectDefaultCurrency', () => {
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

describe('proposeMapping: posting dates, quantities and unit prices', () => {
  const fields = (headers: string) => {
    const p = proposeMapping(headers.split(','));
    return Object.fromEntries(Object.entries(p.columns).map(([field, column]) => [field, headers.split(',')[column]]));
  };
  it('a second date column is the posting date; a file whose one date is its posting date still has its date', () => {
    expect(fields('Invoice Date,Posting Date,Supplier,Qty,Unit Price,Amount')).toEqual({
      invoiceDate: 'Invoice Date', postingDate: 'Posting Date', supplierName: 'Supplier', quantity: 'Qty', unitPrice: 'Unit Price', amount: 'Amount',
    });
    expect(fields('Posting Date,Supplier,Amount')).toEqual({ invoiceDate: 'Posting Date', supplierName: 'Supplier', amount: 'Amount' });
    // "Price" alone may be a line's total: it is left for the user to map.
    expect(fields('Date,Supplier,Price')).toEqual({ invoiceDate: 'Date', supplierName: 'Supplier' });
  });
});
