/** Supplier name → matching key, so "The Acme Co. Ltd" and "ACME  COMPANY LIMITED" meet. */

const LEGAL_SUFFIXES = new Set([
  'ltd', 'limited', 'plc', 'inc', 'incorporated', 'llc', 'llp', 'gmbh', 'ag', 'sa', 'bv', 'nv',
  'co', 'company', 'corp', 'corporation',
]);

/**
 * Lowercase, accents folded, "&" → "and", punctuation dropped, spaces collapsed, legal suffixes
 * and a leading "the" removed. Suffixes are stripped from the end only (repeatedly: "Co Ltd"),
 * so "Co-operative Bank" keeps its words; a name made only of such words is kept whole.
 */
export function normaliseSupplierName(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // Apostrophes join ("Sainsbury's" → "sainsburys"); the U+FFFD of a lost apostrophe too.
    .replace(/['’`\uFFFD\u0092]/g, '')
    // Dotted abbreviations join ("L.T.D." → "ltd") before other punctuation becomes a space.
    .replace(/\b([a-z])\.(?=[a-z]\b\.?)/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const words = folded.split(' ').filter((w) => w !== '');
  let end = words.length;
  while (end > 1 && LEGAL_SUFFIXES.has(words[end - 1])) end--;
  let start = 0;
  if (end - start > 1 && words[0] === 'the') start = 1;
  const kept = words.slice(start, end);
  return (kept.length > 0 ? kept : words).join(' ');
}
