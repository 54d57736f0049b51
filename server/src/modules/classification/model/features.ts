/**
 * Line → features: each signal is a group (one letter), each feature a 48-bit hash of its group
 * and value, so the model stores no strings and a supplier, a word and a GL account never meet.
 */
import { detached } from '../../../lib/csv.js';
import { normaliseSupplierName } from '../../../lib/normalise.js';
import type { LineFeatures } from './types.js';

/** Feature groups, in a fixed order: index = group number, stored in the model with its weight. */
export const GROUPS = [
  'S', // supplier id
  'F', // family id
  'R', // raw supplier name, normalised, whole
  'N', // raw supplier name, its words
  'W', // description words
  'D', // description, whole (normalised)
  'T', // source category text, whole
  'U', // source category words
  'G', // GL account
  'K', // cost centre
  'B', // business unit
  'A', // amount band
  'Y', // GL account × business unit
] as const;
export type GroupCode = (typeof GROUPS)[number];
export const GROUP = Object.fromEntries(GROUPS.map((g, i) => [g, i])) as Record<GroupCode, number>;
export const GROUP_COUNT = GROUPS.length;
/** Groups that are bags of words: their evidence is divided by √(words) so a long text does not outvote a supplier. */
export const WORD_GROUPS = new Set<number>([GROUP.N, GROUP.W, GROUP.U]);
/** The same as a lookup table by group number (on the prediction path). */
export const IS_WORD_GROUP = Uint8Array.from(GROUPS, (_, g) => (WORD_GROUPS.has(g) ? 1 : 0));

const STOPWORDS = new Set([
  'the', 'and', 'of', 'for', 'to', 'in', 'on', 'at', 'by', 'with', 'from', 'or', 'an', 'a', 'as', 'is', 'be', 'ltd',
  'limited', 'plc', 'llp', 'inc', 'co', 'uk', 'www', 'com', 'via', 'per', 'its', 'this', 'that', 'all', 'other', 'misc',
]);
const MAX_WORDS = 24;

/** Lowercased, accents folded words of at least two characters with a letter; stopwords and repeats dropped. */
export function words(text: string | null): string[] {
  if (text === null || text === '') return [];
  const parts = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const out: string[] = [];
  for (const p of parts) {
    if (p.length < 2 || STOPWORDS.has(p) || !/\p{L}/u.test(p)) continue;
    if (out.includes(p)) continue;
    out.push(p);
    if (out.length === MAX_WORDS) break;
  }
  return out;
}

/** Whole text as one value: words joined, so "Office  Supplies." and "office supplies" meet. */
function wholeText(text: string | null): string | null {
  if (text === null) return null;
  const key = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return key === '' ? null : key;
}

/** FNV-1a over the text with two seeds → a 48-bit integer (exact in a double). */
export function hash48(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 65536 + ((b >>> 0) & 0xffff);
}

export function featureHash(group: number, value: string): number {
  return hash48(`${GROUPS[group]}\u0001${value}`);
}

/** A 48-bit hash of a group and an integer id, without making a string. */
export function idHash(group: number, id: number): number {
  const lo = id >>> 0;
  const hi = Math.floor(id / 4294967296) >>> 0;
  let a = Math.imul(lo ^ (group * 0x27d4eb2f), 0xcc9e2d51) ^ Math.imul(hi + 0x165667b1, 0x1b873593);
  a = Math.imul(a ^ (a >>> 15), 0x85ebca6b);
  a ^= a >>> 13;
  let b = Math.imul(a ^ 0x9e3779b9 ^ group, 0xc2b2ae35);
  b ^= b >>> 16;
  return (a >>> 0) * 65536 + ((b >>> 0) & 0xffff);
}

/** One feature of a line: its group and hash, and for word groups the word (for explanations). */
export interface Feature {
  group: number;
  hash: number;
  word?: string;
}

/**
 * Features of texts already seen: files repeat a few thousand descriptions and names over millions
 * of lines, and splitting and hashing them was most of the work. The cap bounds memory.
 */
const TEXT_CACHE_LIMIT = 100_000;
const textCache = { name: new Map<string, Feature[]>(), description: new Map<string, Feature[]>(), source: new Map<string, Feature[]>() };

function textFeatures(kind: 'name' | 'description' | 'source', text: string): Feature[] {
  const cache = textCache[kind];
  let out = cache.get(text);
  if (out !== undefined) return out;
  out = [];
  const push = (group: number, value: string | null, word?: string) => {
    if (value !== null && value !== '') out!.push({ group, hash: featureHash(group, value), word });
  };
  if (kind === 'name') {
    if (text.trim() !== '') {
      push(GROUP.R, normaliseSupplierName(text) || null);
      for (const w of words(text)) push(GROUP.N, w, w);
    }
  } else if (kind === 'description') {
    for (const w of words(text)) push(GROUP.W, w, w);
    push(GROUP.D, wholeText(text));
  } else {
    push(GROUP.T, wholeText(text));
    for (const w of words(text)) push(GROUP.U, w, w);
  }
  if (cache.size >= TEXT_CACHE_LIMIT) cache.clear();
  cache.set(detached(text), out);
  return out;
}

/** The features of a line, in a fixed order (the same line always gives the same list). */
export function extractFeatures(f: LineFeatures): Feature[] {
  const out: Feature[] = [];
  const id = (group: number, value: number | null) => {
    if (value !== null && value !== undefined) out.push({ group, hash: idHash(group, value) });
  };
  id(GROUP.S, f.supplierId);
  id(GROUP.F, f.familyId);
  if (f.rawSupplierName !== null) out.push(...textFeatures('name', f.rawSupplierName));
  if (f.description !== null) out.push(...textFeatures('description', f.description));
  if (f.sourceCategory !== null) out.push(...textFeatures('source', f.sourceCategory));
  id(GROUP.G, f.glAccountId);
  id(GROUP.K, f.costCenterId);
  id(GROUP.B, f.businessUnitId);
  id(GROUP.A, f.amountBand);
  if (f.glAccountId !== null && f.businessUnitId !== null) id(GROUP.Y, f.glAccountId * 1_000_003 + f.businessUnitId);
  return out;
}

/** The baseline's features: the supplier and the description's words, nothing else. */
export function baselineFeatures(f: LineFeatures): Feature[] {
  const out: Feature[] = [];
  if (f.supplierId !== null) out.push({ group: GROUP.S, hash: idHash(GROUP.S, f.supplierId) });
  if (f.description !== null) for (const ft of textFeatures('description', f.description)) if (ft.group === GROUP.W) out.push(ft);
  return out;
}
