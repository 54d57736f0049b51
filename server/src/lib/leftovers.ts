import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes the files in `dir` named like `pattern` that a killed process left behind, when they
 * are older than `olderThanMs`. One process alone removes them all at start; processes sharing
 * the folder (docs/scale-out.md) leave recent ones, which may be another process's work in hand.
 */
export async function removeLeftovers(dir: string, pattern: RegExp, olderThanMs = 0): Promise<number> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => pattern.test(name));
  const cutoff = Date.now() - olderThanMs;
  const removed = await Promise.all(names.map(async (name) => {
    const path = join(dir, name);
    const modified = olderThanMs > 0 ? (await stat(path).catch(() => null))?.mtimeMs : undefined;
    if (modified !== undefined && modified >= cutoff) return false;
    await rm(path, { force: true });
    return true;
  }));
  return removed.filter(Boolean).length;
}
