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
