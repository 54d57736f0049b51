/**
 * Column → SpendLine field proposals. The synonym table comes from the real headers of the
 * public files the tests import (UK councils, Oxford, USAspending); matching ignores case,
 * spaces and punctuation, so "Supplier_Name", "SupplierName" and "Supplier Name " are one header.
 */
import { detectDateFormat } from './dates.js';
import type { DateFormat, ProposedColumn, ProposedMapping, TargetField } from './types.js';

export { detectDateFormat } from './dates.js';

/** Header as compared: lowercase letters and digits only. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Exact synonyms with their confidence (1 = the obvious meaning, lower = a weaker choice). */
const SYNONYMS: Record<TargetField, Record<string, number>> = {
  invoiceDate: {
    'date': 1, 'paymentdate': 1, 'paiddate': 1, 'datepaid': 1, 'transactiondate': 1, 'invoicedate': 1,
    'invoicepaymentdate': 1, 'dateofpayment': 1, 'clearingdate': 0.95, 'gldate': 0.9, 'invoicegldate': 0.9,
    'postingdate': 0.85, 'documentdate': 0.85, 'valuedate': 0.85, 'signeddate': 0.9, 'effectivedate': 0.6,
    'period': 0.5, 'datevalue': 0.8, 'dateincurred': 0.9, 'paymentrundate': 0.9,
    // Also posting-date headers (0.8 there): a file whose one date is one of these still has its date.
    'postdate': 0.85, 'dateposted': 0.85, 'accountingdate': 0.85,
  },
  amount: {
    'amount': 1, 'netamount': 1, 'value': 0.9, 'spend': 1, 'net': 0.95, 'invoicedvalue': 1,
    'invoicelinevaluenetofvat': 1, 'totalexcludesvat': 1, 'transactionamount': 1, 'amountexclvat': 1,
    'amountexcludingvat': 1, 'netvalue': 1, 'linevalue': 0.9, 'paymentamount': 1, 'invoiceamount': 0.95,
    'dollarsobligated': 1, 'amountgbp': 1, 'amountusd': 1, 'amounteur': 1, 'total': 0.8, 'gross': 0.6,
    'grossamount': 0.6, 'expenditure': 0.7, 'sum': 0.7,
  },
  supplierName: {
    'supplier': 1, 'suppliername': 1, 'vendor': 1, 'vendorname': 1, 'supplierbeneficiaryname': 1,
    'beneficiary': 0.9, 'beneficiaryname': 0.9, 'payee': 0.9, 'payeename': 0.9, 'merchant': 0.9,
    'merchantname': 0.9, 'recipient': 0.8, 'recipientname': 0.8, 'contractor': 0.8, 'aparname': 0.8,
    'suppliertradingname': 0.9, 'creditor': 0.8, 'creditorname': 0.9,
  },
  description: {
    'description': 1, 'narrative': 1, 'itemdescription': 1, 'purposeofspend': 0.9, 'extendeddescription': 0.9,
    'descriptionofcontractrequirement': 1, 'details': 0.8, 'transactiondescription': 1, 'linedescription': 1,
    'invoicedescription': 1, 'summaryofpurpose': 0.9, 'purpose': 0.8, 'purposeofspendsummary': 0.85,
  },
  category: {
    'category': 1, 'expensetype': 1, 'expensestype': 1, 'expenditurecategory': 1, 'expenditurecatergory': 1,
    'expenditureunit': 0.8, 'categoryfamily': 1, 'merchantcategory': 0.9, 'procurementclassification': 1,
    'procurementclassificationcouncilsprocurementcategoryname': 1, 'proclass': 0.8, 'detailedexpendituretype': 0.9,
    'expensecodedescription': 0.8, 'expenditureaccountcodedescription': 0.8, 'expenditureaccount': 0.7,
    'productorservicecode': 0.9, 'sercopexpenditurecategory': 0.7, 'thomsonclassificationdescription': 0.7,
    'spendcategory': 1, 'gldescription': 0.7, 'expendituretype': 0.9, 'subjective': 0.6,
  },
  businessUnit: {
    'servicearea': 1, 'directorate': 1, 'directotate': 1, 'organisationalunit': 1, 'organisatonalunit': 1,
    'organizationalunit': 1, 'expensearea': 1, 'service': 0.8, 'department': 1, 'servicelabel': 0.9,
    'businessunit': 1, 'businessunitdescription': 0.9, 'directorateservicewhereexpenditureincurred': 1,
    'servicedivisionlabel': 0.7, 'division': 0.8, 'contractingofficeid': 0.6, 'servicecategorylabel': 0.6,
  },
  costCenter: {
    'costcentre': 1, 'costcenter': 1, 'costcentrecode': 1, 'costcentercode': 1, 'businessunitno': 0.8,
    'costcentrename': 0.7, 'servicecode': 0.6, 'responsibilitycentre': 0.8,
  },
  glAccount: {
    'expenditurecode': 1, 'expensecode': 1, 'account': 0.9, 'accountcode': 1, 'glaccount': 1, 'glcode': 1,
    'costelement': 0.9, 'nominal': 0.9, 'nominalcode': 1, 'detailedexpenditurecode': 0.9, 'ledgercode': 1,
    'sercopdetailedexpenditurecode': 0.6, 'subjectivecode': 0.9, 'accountnumber': 0.8,
  },
  currency: { 'currency': 1, 'currencycode': 1, 'ccy': 1, 'transactioncurrency': 1 },
  sourceRef: {
    'transactionnumber': 1, 'transno': 1, 'transactionno': 1, 'transactionid': 1, 'transactionref': 1,
    'documentno': 0.95, 'documentnumber': 0.95, 'documentnumberno': 0.9, 'internalrefnumber': 0.9,
    'internalref': 0.9, 'uniquetransactionid': 1, 'voucherno': 0.9, 'vouchernumber': 0.9, 'reference': 0.8,
    'referencenumber': 0.8, 'paymentreference': 0.8, 'invoicenumber': 0.7, 'invoiceno': 0.7, 'lineid': 1,
  },
  poNumber: {
    'purchaseorder': 1, 'purchaseordernumber': 1, 'purchaseorderno': 1, 'ponumber': 1, 'pono': 1, 'po': 0.9,
    'poref': 0.9, 'orderno': 0.8, 'ordernumber': 0.8, 'piid': 0.6,
  },
  // Below the same headers' weight as the invoice date (0.85): a file whose one date is its
  // posting date still has its date mapped; a second date column then becomes the posting date.
  postingDate: { 'postingdate': 0.8, 'gldate': 0.8, 'postdate': 0.8, 'dateposted': 0.8, 'accountingdate': 0.8 },
  quantity: { 'quantity': 1, 'qty': 1, 'quantityordered': 0.9, 'quantityinvoiced': 1, 'invoicedquantity': 1, 'numberofunits': 0.9 },
  country: { 'country': 0.9, 'countrycode': 1, 'countryofpurchase': 1, 'purchasecountry': 1, 'deliverycountry': 0.8 },
  unitPrice: { 'unitprice': 1, 'unitcost': 1, 'priceperunit': 1, 'costperunit': 1, 'unitrate': 0.8, 'itemprice': 0.9 },
};

/** Words that make a header a weaker candidate for a field when no synonym matches exactly. */
const PARTIAL: { field: TargetField; test: RegExp; confidence: number }[] = [
  // Gateshead's "Supplier ID(T)" holds names; an exact "Supplier Name" elsewhere always wins.
  { field: 'supplierName', test: /supplier|vendor|payee|beneficiary|merchant/, confidence: 0.4 },
  { field: 'amount', test: /amount|value|spend/, confidence: 0.4 },
  { field: 'invoiceDate', test: /date|paid/, confidence: 0.35 },
  { field: 'description', test: /description|narrative/, confidence: 0.3 },
  { field: 'sourceRef', test: /^(trans|transaction|document|doc)/, confidence: 0.3 },
  { field: 'costCenter', test: /costcent/, confidence: 0.3 },
];

/** Headers that contain a candidate word but mean something else. */
const NOT_A_NAME = /registered|number|vat|charity|company|address|postcode|^supplierid$|^vendorid$|duns|code|category|type/;

export const REQUIRED_FIELDS: readonly TargetField[] = ['amount', 'invoiceDate', 'supplierName'];

function candidatesFor(header: string): { field: TargetField; confidence: number }[] {
  const key = headerKey(header);
  if (key === '') return [];
  const found: { field: TargetField; confidence: number }[] = [];
  for (const [field, table] of Object.entries(SYNONYMS) as [TargetField, Record<string, number>][]) {
    const c = table[key];
    if (c !== undefined) found.push({ field, confidence: c });
  }
  if (found.length > 0) return found;
  for (const p of PARTIAL) {
    if (!p.test.test(key)) continue;
    if (p.field === 'supplierName' && NOT_A_NAME.test(key) && key !== 'supplieridt') continue;
    if (p.field === 'amount' && /vat|tax|option|percent|count/.test(key)) continue;
    found.push({ field: p.field, confidence: p.confidence });
  }
  return found;
}

/** How many cells of a row look like known headers (used to find the header row). */
export function headerMatchCount(cells: readonly string[]): number {
  let n = 0;
  for (const cell of cells) {
    const key = headerKey(cell);
    if (key === '') continue;
    for (const table of Object.values(SYNONYMS)) {
      if (table[key] !== undefined) {
        n++;
        break;
      }
    }
  }
  return n;
}

export interface ProposeOptions {
  /** Values of the first data rows, to detect the date format of the chosen date column. */
  sampleRows?: readonly (readonly string[])[];
  /** Day/month order to assume when every sample date is ambiguous (from the source's country). */
  dateHint?: 'DMY' | 'MDY';
}

/**
 * Proposes one column per field, best confidence first; a column feeds at most one field and a
 * field takes at most one column. Ties go to the leftmost column. With sample rows, a column that
 * is empty in every one of them is not proposed for an optional field: a council file's "Extended
 * Description", empty throughout, would otherwise win over its filled "Purpose of Spend".
 */
export function proposeMapping(headers: readonly string[], options: ProposeOptions = {}): ProposedMapping {
  const samples = options.sampleRows ?? [];
  const empty = (column: number) => samples.length > 0 && samples.every((row) => (row[column] ?? '').trim() === '');
  const all: ProposedColumn[] = [];
  headers.forEach((header, column) => {
    for (const c of candidatesFor(header)) {
      if (!REQUIRED_FIELDS.includes(c.field) && empty(column)) continue;
      all.push({ column, header, field: c.field, confidence: c.confidence });
    }
  });
  all.sort((a, b) => b.confidence - a.confidence || a.column - b.column);
  const columns: Partial<Record<TargetField, number>> = {};
  const usedColumns = new Set<number>();
  const proposals: ProposedColumn[] = [];
  for (const p of all) {
    if (columns[p.field] !== undefined || usedColumns.has(p.column)) continue;
    columns[p.field] = p.column;
    usedColumns.add(p.column);
    proposals.push(p);
  }
  proposals.sort((a, b) => a.column - b.column);
  let dateFormat: DateFormat | undefined;
  const dateColumn = columns.invoiceDate;
  if (dateColumn !== undefined && options.sampleRows) {
    const samples = options.sampleRows.map((r) => r[dateColumn] ?? '');
    dateFormat = detectDateFormat(samples, options.dateHint).format;
  }
  return {
    columns,
    dateFormat,
    proposals,
    missingRequired: REQUIRED_FIELDS.filter((f) => columns[f] === undefined),
  };
}

/** Signals of a UK public-sector file: spend-over-£500 column vocabulary. */
const UK_HEADER = /^(bodyname|body|organisationalunit|organisatonalunit|expenditurecategory|expenditurecatergory|expensetype|expensearea|servicearea|directorate|directotate|costcentre|bvacop|bvacopse|sercop.*|proclass.*|irrecoverablevat|supplierbeneficiaryname|caporrev|capitalorrevenue|departmentalfamily|invoicelinevaluenetofvat|totalexcludesvat)$/;
const US_HEADER = /^(dollarsobligated|dunsnumber|piid|naics.*|principalnaicscode|zipcode)$/;

/** How a batch's default currency was decided; shown in the mapping step (docs/imports.md). */
export type CurrencyBasis =
  | 'CHOSEN'
  | 'AMOUNT_SYMBOLS'
  | 'SAVED_FOR_SOURCE'
  | 'HEADER_VOCABULARY'
  | 'SUPPLIER_LEGAL_FORMS';

export interface CurrencyGuess {
  currency: string;
  basis: CurrencyBasis;
  /** What was seen, for the note shown to the user. */
  evidence: string;
}

const UK_LEGAL_FORM = /\b(ltd|limited|plc|llp)\b\.?$/i;
const US_LEGAL_FORM = /\b(inc|llc|corp|corporation|incorporated)\b\.?$/i;

/**
 * The currency of rows that carry none, with the evidence, or undefined when nothing says:
 *  1. currency symbols or ISO codes written in the sample amounts (the file says it);
 *  2. the file's vocabulary: UK spend-transparency columns → GBP, US federal columns → USD;
 *  3. the legal forms of the sample suppliers: at least 5 names ending in Ltd/Limited/PLC/LLP and
 *     no more than a tenth as many ending in Inc/LLC/Corp → GBP (and the reverse → USD).
 * Never silent: the caller records the basis and the user can change it before validation.
 */
export function detectDefaultCurrency(
  headers: readonly string[],
  sampleAmounts: readonly string[] = [],
  sampleSuppliers: readonly string[] = [],
  amountCurrency: (raw: string) => string | undefined = () => undefined,
): CurrencyGuess | undefined {
  const seen = new Map<string, number>();
  for (const a of sampleAmounts) {
    const c = amountCurrency(a);
    if (c) seen.set(c, (seen.get(c) ?? 0) + 1);
  }
  if (seen.size > 0) {
    const [currency, n] = [...seen].sort((a, b) => b[1] - a[1])[0];
    return { currency, basis: 'AMOUNT_SYMBOLS', evidence: `${n} of the first amounts are written in ${currency}` };
  }
  const keys = headers.map(headerKey);
  const us = keys.find((k) => US_HEADER.test(k));
  if (us) return { currency: 'USD', basis: 'HEADER_VOCABULARY', evidence: `US federal column "${headers[keys.indexOf(us)]}"` };
  const uk = keys.find((k) => UK_HEADER.test(k));
  if (uk) return { currency: 'GBP', basis: 'HEADER_VOCABULARY', evidence: `UK spend-transparency column "${headers[keys.indexOf(uk)]}"` };
  let ukForms = 0;
  let usForms = 0;
  for (const name of sampleSuppliers) {
    const t = name.trim();
    if (UK_LEGAL_FORM.test(t)) ukForms++;
    else if (US_LEGAL_FORM.test(t)) usForms++;
  }
  if (ukForms >= 5 && usForms * 10 <= ukForms) {
    return { currency: 'GBP', basis: 'SUPPLIER_LEGAL_FORMS', evidence: `${ukForms} of the first ${sampleSuppliers.length} suppliers are UK companies (Ltd, Limited, PLC, LLP)` };
  }
  if (usForms >= 5 && ukForms * 10 <= usForms) {
    return { currency: 'USD', basis: 'SUPPLIER_LEGAL_FORMS', evidence: `${usForms} of the first ${sampleSuppliers.length} suppliers are US companies (Inc, LLC, Corp)` };
  }
  return undefined;
}

/** Day/month order implied by a currency's home country, for ambiguous date columns. */
export function dateHintFor(currency: string | undefined): 'DMY' | 'MDY' | undefined {
  if (currency === undefined) return undefined;
  return currency === 'USD' ? 'MDY' : 'DMY';
}
