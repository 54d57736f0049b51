/**
 * Open Contracting (OCDS 1.0/1.1) JSON → spend rows.
 *
 * Shapes read: release packages (`releases[]`), record packages (`records[].compiledRelease`,
 * else embedded `records[].releases`; linked-only releases carry no data), bare releases and
 * arrays of releases. Versioned releases are ignored: the compiled release says the same.
 *
 * Spend is what was paid: only the implementation transactions of contracts become spend lines.
 * Contracts and awards are commitments: they become contracts (value as the ceiling), an award
 * only when no contract of the process implements it. Tender and planning values are estimates,
 * never anything. The same item seen in several releases (an award release, then a contract
 * release…) is kept once, from the latest release. See docs/imports.md.
 */
import { parseAmount } from './amount.js';
import { type Mapping, type RawRow } from './types.js';

/** The fixed columns OCDS items are laid out in, so the CSV validator applies unchanged. */
export const OCDS_HEADERS = [
  'date', 'amount', 'currency', 'supplier', 'description', 'category', 'buyer', 'sourceRef',
] as const;

export const OCDS_MAPPING: Mapping = {
  columns: {
    invoiceDate: 0, amount: 1, currency: 2, supplierName: 3, description: 4, category: 5, businessUnit: 6, sourceRef: 7,
  },
  dateFormat: 'ISO',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objects(v: Json | undefined): JsonObject[] {
  return Array.isArray(v) ? v.filter(isObject) : [];
}

function text(v: Json | undefined): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return '';
}

/** A JSON number as an exact decimal string (no exponent), as far as the double holds it. */
export function numberToDecimal(n: number): string {
  if (!Number.isFinite(n)) return '';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** A Value's amount: number, numeric string, or (versioned) list of {value} entries. */
function amountOf(value: Json | undefined): string {
  if (!isObject(value)) return '';
  let amount = value.amount;
  if (Array.isArray(amount)) {
    const last = amount[amount.length - 1];
    amount = isObject(last) ? last.value : null;
  }
  if (typeof amount === 'number') return numberToDecimal(amount);
  if (typeof amount === 'string') return amount.trim();
  return '';
}

function dateOf(...candidates: (Json | undefined)[]): string {
  for (const c of candidates) {
    const m = /^\d{4}-\d{2}-\d{2}/.exec(text(c));
    if (m) return m[0];
  }
  return '';
}

interface OcdsItem {
  ref: string;
  date: string;
  amount: string;
  currency: string;
  supplier: string;
  description: string;
  category: string;
  buyer: string;
}

function firstSupplierParty(release: JsonObject): string {
  const party = objects(release.parties).find(
    (p) => Array.isArray(p.roles) && p.roles.some((r) => typeof r === 'string' && r.toLowerCase() === 'supplier'),
  );
  return party ? text(party.name) : '';
}

function firstClassification(...itemLists: (Json | undefined)[]): string {
  for (const list of itemLists) {
    for (const item of objects(list)) {
      const c = item.classification;
      if (isObject(c)) {
        const label = text(c.description) || text(c.id);
        if (label) return label;
      }
    }
  }
  return '';
}

/** Payments of one release: the implementation transactions of its contracts that carry a value. */
export function itemsOfRelease(release: JsonObject): OcdsItem[] {
  const ocid = text(release.ocid) || text(release.id) || 'unknown';
  const awards = objects(release.awards);
  const tender = isObject(release.tender) ? release.tender : {};
  const buyer = isObject(release.buyer) ? text(release.buyer.name) : '';
  const partySupplier = firstSupplierParty(release);
  const items: OcdsItem[] = [];
  const currencyOf = (value: Json | undefined) => (isObject(value) ? text(value.currency) : '');

  objects(release.contracts).forEach((contract, ci) => {
    const contractId = text(contract.id) || String(ci + 1);
    const award = awards.find((a) => text(a.id) !== '' && text(a.id) === text(contract.awardID));
    const awardSupplier = award ? text(objects(award.suppliers)[0]?.name) : '';
    const category = firstClassification(contract.items, award?.items, tender.items);
    const description = text(contract.title) || text(contract.description) || text(award?.title) || text(tender.title);
    const implementation = isObject(contract.implementation) ? contract.implementation : {};
    objects(implementation.transactions).forEach((t, ti) => {
      const value = t.value ?? t.amount;
      if (amountOf(value) === '') return;
      const payee = isObject(t.payee) ? t.payee : isObject(t.receiverOrganization) ? t.receiverOrganization : {};
      items.push({
        ref: `${ocid}/contract/${contractId}/transaction/${text(t.id) || String(ti + 1)}`,
        date: dateOf(t.date, contract.dateSigned, release.date),
        amount: amountOf(value),
        currency: currencyOf(value),
        supplier: text(payee.name) || awardSupplier || partySupplier,
        description: text(t.description) || description,
        category,
        buyer,
      });
    });
  });
  return items;
}

/**
 * A commitment (a contract, or an award no contract of the process refers to): it becomes a
 * Spendscope contract with its value as the ceiling, never a spend line (docs/imports.md).
 */
export interface OcdsCommitment {
  /** `ocid/contract/<id>` or `ocid/award/<id>`: stable across releases, so later files update it. */
  ref: string;
  ocid: string;
  kind: 'contract' | 'award';
  /** The award a contract implements (to drop that award), '' for awards. */
  awardId: string;
  title: string;
  supplier: string;
  startDate: string;
  endDate: string;
  ceiling: string;
  currency: string;
  /** OCDS status as published (pending, active, cancelled, terminated, unsuccessful…). */
  status: string;
}

/** Contracts and awards of one release that carry a value. */
export function commitmentsOfRelease(release: JsonObject): OcdsCommitment[] {
  const ocid = text(release.ocid) || text(release.id) || 'unknown';
  const awards = objects(release.awards);
  const tender = isObject(release.tender) ? release.tender : {};
  const partySupplier = firstSupplierParty(release);
  const out: OcdsCommitment[] = [];
  const currencyOf = (value: Json | undefined) => (isObject(value) ? text(value.currency) : '');
  const periodOf = (p: Json | undefined) => (isObject(p) ? p : {});
  objects(release.contracts).forEach((contract, ci) => {
    if (amountOf(contract.value) === '') return;
    const award = awards.find((a) => text(a.id) !== '' && text(a.id) === text(contract.awardID));
    const period = periodOf(contract.period);
    const start = dateOf(period.startDate, contract.dateSigned, award?.date, release.date);
    out.push({
      ref: `${ocid}/contract/${text(contract.id) || String(ci + 1)}`,
      ocid,
      kind: 'contract',
      awardId: text(contract.awardID),
      title: text(contract.title) || text(contract.description) || text(award?.title) || text(tender.title) || ocid,
      supplier: (award ? text(objects(award.suppliers)[0]?.name) : '') || partySupplier,
      startDate: start,
      endDate: dateOf(period.endDate, period.maxExtentDate) || start,
      ceiling: amountOf(contract.value),
      currency: currencyOf(contract.value),
      status: text(contract.status).toLowerCase(),
    });
  });
  awards.forEach((award, ai) => {
    if (amountOf(award.value) === '') return;
    const period = periodOf(award.contractPeriod);
    const start = dateOf(period.startDate, award.date, release.date);
    out.push({
      ref: `${ocid}/award/${text(award.id) || String(ai + 1)}`,
      ocid,
      kind: 'award',
      awardId: text(award.id),
      title: text(award.title) || text(award.description) || text(tender.title) || ocid,
      supplier: text(objects(award.suppliers)[0]?.name) || partySupplier,
      startDate: start,
      endDate: dateOf(period.endDate, period.maxExtentDate) || start,
      ceiling: amountOf(award.value),
      currency: currencyOf(award.value),
      status: text(award.status).toLowerCase(),
    });
  });
  return out;
}

export interface OcdsExtraction {
  rows: RawRow[];
  /** Contracts and awards (latest release of each), for the contracts register. */
  commitments: OcdsCommitment[];
  releaseCount: number;
  notes: string[];
}

/** Whether a parsed JSON document is OCDS at all (a package, a record or a release). */
export function looksLikeOcds(doc: unknown): boolean {
  if (Array.isArray(doc)) return doc.length === 0 || doc.some((d) => looksLikeOcds(d));
  if (typeof doc !== 'object' || doc === null) return false;
  return 'releases' in doc || 'records' in doc || 'ocid' in doc;
}

function releasesOf(doc: Json, notes: string[]): JsonObject[] {
  if (Array.isArray(doc)) return doc.flatMap((d) => releasesOf(d, notes));
  if (!isObject(doc)) return [];
  if (Array.isArray(doc.records)) {
    const out: JsonObject[] = [];
    let linkedOnly = 0;
    for (const record of objects(doc.records)) {
      if (isObject(record.compiledRelease)) out.push(record.compiledRelease);
      else {
        // Embedded releases are the record's history; dedup below keeps the latest state.
        const embedded = objects(record.releases).filter((r) => 'ocid' in r || 'awards' in r || 'contracts' in r);
        if (embedded.length === 0) linkedOnly++;
        out.push(...embedded);
      }
    }
    if (linkedOnly > 0) notes.push(`${linkedOnly} record(s) only link to their releases by URL; they carry no amounts.`);
    return out;
  }
  if (Array.isArray(doc.releases)) return objects(doc.releases);
  if ('ocid' in doc) return [doc];
  return [];
}

/**
 * All money items of a document as rows in OCDS_HEADERS order; `rowNumber` is the item's
 * position (1-based). An OCDS file without any spend (tender notices…) gives 0 rows and a note.
 */
export function extractOcdsRows(doc: unknown): OcdsExtraction {
  const notes: string[] = [];
  const releases = releasesOf(doc as Json, notes);
  const kept = new Map<string, { item: OcdsItem; date: string }>();
  const commitments = new Map<string, { c: OcdsCommitment; date: string }>();
  /** Awards some contract of the same process implements: `ocid\u0000awardId`. */
  const implemented = new Set<string>();
  for (const release of releases) {
    const releaseDate = text(release.date);
    for (const item of itemsOfRelease(release)) {
      const previous = kept.get(item.ref);
      // Later releases of the same process supersede earlier ones (ISO dates compare as text).
      if (!previous || releaseDate >= previous.date) kept.set(item.ref, { item, date: releaseDate });
    }
    for (const c of commitmentsOfRelease(release)) {
      if (c.kind === 'contract' && c.awardId !== '') implemented.add(`${c.ocid}\u0000${c.awardId}`);
      const previous = commitments.get(c.ref);
      if (!previous || releaseDate >= previous.date) commitments.set(c.ref, { c, date: releaseDate });
    }
  }
  const rows: RawRow[] = [];
  let n = 0;
  for (const { item } of kept.values()) {
    n++;
    rows.push({
      rowNumber: n,
      cells: [item.date, item.amount, item.currency, item.supplier, item.description, item.category, item.buyer, item.ref],
    });
  }
  const candidates = [...commitments.values()]
    .map((x) => x.c)
    .filter((c) => c.kind === 'contract' || !implemented.has(`${c.ocid}\u0000${c.awardId}`));
  // A contract needs a ceiling, a currency, a start and a supplier; the ceiling is stored exactly.
  const kept2: OcdsCommitment[] = [];
  for (const c of candidates) {
    const ceiling = parseAmount(c.ceiling);
    if (!ceiling.ok || !/^[A-Za-z]{3}$/.test(c.currency) || c.startDate === '' || c.supplier.trim() === '') continue;
    kept2.push({ ...c, ceiling: ceiling.amount, currency: c.currency.toUpperCase() });
  }
  if (kept2.length < candidates.length) {
    notes.push(`${candidates.length - kept2.length} contract(s) or award(s) without a usable value, currency, start date or supplier were left out of the contracts register.`);
  }
  if (rows.length === 0) {
    notes.push(
      `The file holds ${releases.length} release(s) but no payment (implementation transaction) with a value; ` +
        'awards and contracts are commitments, not spend, and tender and planning values are estimates: nothing to import as spend.',
    );
  }
  if (kept2.length > 0) {
    notes.push(`${kept2.length} contract(s) or award(s) with a value go to the contracts register (value as ceiling), not to spend.`);
  }
  return { rows, commitments: kept2, releaseCount: releases.length, notes };
}
