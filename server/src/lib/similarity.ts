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

/**
 * Sørensen–Dice coefficient over character bigrams, 0 (nothing shared) to 1 (same bigrams):
 * robust to typos, dropped letters and word order changes in supplier names.
 */
export function nameSimilarity(a: string, b: string): number {
  return a === b ? 1 : bigramSimilarity(bigrams(a), bigrams(b));
}

/** The same coefficient over profiles made by `bigrams`. */
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
