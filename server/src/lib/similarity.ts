/** Character bigrams of a string, counted (so "aaa" has "aa" twice): build once per name, compare many times. */
export function bigrams(text: string): Map<string, number> {
  const padded = ` ${text} `;
  const out = new Map<string, number>();
  for (let i = 0; i < padded.length - 1; i++) {
    const g = padded.slice(i, i + 2);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

/** The Sørensen–Dice coefficient over profiles made by `bigrams`: 0 (nothing shared) to 1 (same bigrams). */
export function bigramSimilarity(x: ReadonlyMap<string, number>, y: ReadonlyMap<string, number>): number {
  let shared = 0;
  let total = 0;
  for (const [g, n] of x) {
    shared += Math.min(n, y.get(g) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return total === 0 ? 0 : (2 * shared) / total;
}

/** A normalised name made ready for many comparisons: its bigrams, and each word's. */
export interface NameProfile {
  readonly name: string;
  readonly grams: ReadonlyMap<string, number>;
  readonly words: ReadonlyArray<{ readonly length: number; readonly grams: ReadonlyMap<string, number> }>;
}

export function nameProfile(name: string): NameProfile {
  const words = name.split(' ').filter((word) => word !== '');
  return { name, grams: bigrams(name), words: words.map((word) => ({ length: word.length, grams: bigrams(word) })) };
}

/**
 * A word has a partner in the other name when their bigrams are this alike: "trader"/"traders"
 * (0.80) and "servces"/"services" (0.82) do, "data"/"direct" (0) does not.
 */
const WORD_PARTNER = 0.6;

/** The share of the names' letters that lie in words with a partner in the other name, 0 to 1. */
function wordCoverage(x: NameProfile, y: NameProfile): number {
  let covered = 0;
  let total = 0;
  for (const [own, other] of [[x, y], [y, x]] as const) {
    for (const word of own.words) {
      total += word.length;
      if (other.words.some((candidate) => bigramSimilarity(word.grams, candidate.grams) >= WORD_PARTNER)) covered += word.length;
    }
  }
  return total === 0 ? 0 : covered / total;
}

/**
 * How alike two normalised supplier names are, 0 to 1 (docs/domain.md, "Matching suppliers"): the
 * bigram coefficient of the whole names, which forgives typos, dropped letters and reordered
 * words, times the share of their letters in words the other name also has. Bigrams alone rate
 * "riverside" and "riverside data" 0.8, as alike as a typo, though the second name's extra word
 * is what makes it another company; the word share brings that pair to 0.65, and leaves a pair
 * whose every word has a close partner where the bigrams put it.
 */
export function profileSimilarity(x: NameProfile, y: NameProfile): number {
  if (x.name === y.name) return 1;
  return bigramSimilarity(x.grams, y.grams) * wordCoverage(x, y);
}

/** `profileSimilarity` of two names, for a single comparison. */
export function nameSimilarity(a: string, b: string): number {
  return profileSimilarity(nameProfile(a), nameProfile(b));
}

/** A block larger than this is not compared pair by pair (docs/domain.md, "Matching suppliers"). */
export const FULL_BLOCK_MAX = 1_000;
/** In a larger block, each name is compared with this many names after it in alphabetical order. */
export const BLOCK_WINDOW = 50;

/**
 * Calls `visit` once for each pair of items worth comparing: items sharing a block key (a first
 * word, a first three letters). A block of at most FULL_BLOCK_MAX items is compared pair by pair;
 * a larger one (a first word thousands of names share) by its sorted neighbourhood, each name
 * with the BLOCK_WINDOW names after it alphabetically, so the work grows with the block's size, not
 * its square, and names that differ late (a typo, a suffix) still meet. `visit` gets the pair's
 * key too ("smaller id:larger id").
 */
export function forEachCandidatePair<T extends { id: number }>(
  items: readonly T[],
  nameOf: (item: T) => string,
  blockKeys: (name: string) => readonly string[],
  visit: (a: T, b: T, key: string) => void,
): void {
  const blocks = new Map<string, T[]>();
  for (const item of items) {
    for (const key of blockKeys(nameOf(item))) {
      const members = blocks.get(key);
      if (members) members.push(item);
      else blocks.set(key, [item]);
    }
  }
  const seen = new Set<string>();
  for (const block of blocks.values()) {
    const large = block.length > FULL_BLOCK_MAX;
    const members = large ? [...block].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : a.id - b.id)) : block;
    for (let i = 0; i < members.length; i++) {
      const end = large ? Math.min(members.length, i + 1 + BLOCK_WINDOW) : members.length;
      for (let j = i + 1; j < end; j++) {
        const [a, b] = [members[i], members[j]];
        const key = a.id < b.id ? `${a.id}:${b.id}` : `${b.id}:${a.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        visit(a, b, key);
      }
    }
  }
}
