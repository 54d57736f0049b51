/**
 * Supplier name → matching key, so "The Acme Co. Ltd" and "ACME  COMPANY LIMITED" meet. One
 * function for every path that names suppliers (demo data, imports, merge suggestions), so that
 * keys written by one are found by the others.
 */
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
    // A copy: a name sliced from a file's text would otherwise keep that whole chunk alive.
    cache.set(name.length < 13 ? name : ` ${name}`.slice(1), key);
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
