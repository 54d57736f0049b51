/**
 * Supplier name → matching key, so "The Acme Co. Ltd" and "ACME  COMPANY LIMITED" meet. One
 * function for every path that names suppliers (demo data, imports, merge suggestions), so that
 * keys written by one are found by the others.
 */
import { detached } from './csv.js';

const LEGAL_SUFFIXES = new Set([
  'ltd', 'limited', 'plc', 'llp', 'dac', 'inc', 'incorporated', 'llc', 'corp', 'corporation', 'co', 'company',
  'gmbh', 'ag', 'se', 'kg', 'sa', 'sas', 'sarl', 'nv', 'bv', 'sl', 'spa', 'srl', 'ab',
]);

/** Keys already computed: files repeat a few thousand names over millions of lines; the cap bounds memory. */
const CACHE_LIMIT = 50_000;
const cache = new Map<string, string>();
/** The last name looked up and its key: consecutive lines often share a supplier. */
let lastName: string | undefined;
let lastKey = '';

/**
 * Lowercase, accents folded, "&" → "and", punctuation dropped, spaces collapsed, legal suffixes
 * and a leading "the" removed. Suffixes are stripped from the end only (repeatedly: "Co Ltd",
 * "GmbH & Co KG"), so "Co-operative Bank" keeps its words; a name made only of such words is
 * kept whole.
 */
export function normaliseSupplierName(name: string): string {
  if (name === lastName) return lastKey;
  let key = cache.get(name);
  if (key === undefined) {
    key = normalise(name);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(detached(name), key);
  }
  lastName = name;
  lastKey = key;
  return key;
}

function normalise(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // Apostrophes join ("Sainsbury's" → "sainsburys"); the U+FFFD of a lost apostrophe too.
    .replace(/['’`\uFFFD\u0092]/g, '')
    // Dotted abbreviations join ("L.T.D." → "ltd", "S.p.A." → "spa") before other punctuation becomes a space.
    .replace(/\b(\p{L})\.(?=\p{L}{1,2}\b\.?)/gu, '$1')
    .replace(/\.(?=\p{L}\b)/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const words = folded.split(' ').filter((w) => w !== '');
  let end = words.length;
  // "gmbh and co kg": the "and" belongs to the legal form, not to the name.
  while (end > 1 && (LEGAL_SUFFIXES.has(words[end - 1]) || (words[end - 1] === 'and' && end > 2 && LEGAL_SUFFIXES.has(words[end - 2])))) end--;
  let start = 0;
  if (end - start > 1 && words[0] === 'the') start = 1;
  const kept = words.slice(start, end);
  return (kept.length > 0 ? kept : words).join(' ');
}

/** Separates the terms of a supplier's search key; normalised text never contains it. */
const SEARCH_SEPARATOR = '|';

/** A tax id as it is searched: lower case, letters and digits only ("GB 123 456 789" → "gb123456789"). */
export function compactTaxId(taxId: string): string {
  return taxId.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The stored search key of a supplier (docs/domain.md, "Finding suppliers"): the normalised
 * name, every alias normalised, and the compact tax id, each once, between separators, so a
 * search is one substring test over one column: `|acme|acme industrial|gb123456789|`.
 */
export function supplierSearchKey(name: string, aliases: readonly string[], taxId: string | null): string {
  const terms = new Set<string>([normaliseSupplierName(name), ...aliases.map((alias) => normaliseSupplierName(alias))]);
  if (taxId) terms.add(compactTaxId(taxId));
  terms.delete('');
  return `${SEARCH_SEPARATOR}${[...terms].join(SEARCH_SEPARATOR)}${SEARCH_SEPARATOR}`;
}

/**
 * What a typed search looks for in search keys, as substrings: the text normalised like a name
 * (so case, accents, punctuation and a trailing "Ltd"/"Limited" do not matter); without a last
 * word that is the start of a legal form being typed ("Acme Lim"); and, when it holds digits,
 * without spaces (a tax id typed in groups). Empty when nothing searchable is left.
 */
export function supplierSearchTerms(search: string): string[] {
  const normalised = normaliseSupplierName(search.slice(0, 200));
  if (normalised === '') return [];
  const terms = new Set([normalised]);
  const words = normalised.split(' ');
  const last = words[words.length - 1];
  if (words.length > 1 && [...LEGAL_SUFFIXES].some((suffix) => suffix.startsWith(last))) terms.add(words.slice(0, -1).join(' '));
  if (/\d/.test(normalised)) terms.add(compactTaxId(search.slice(0, 200)));
  terms.delete('');
  return [...terms];
}
