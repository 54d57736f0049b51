import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What the console's build is made from, beside its `dist` folder (the rest of `client/` is tests and tools). */
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'];

/** The newest modification time under `path` (a file or a folder), 0 when it does not exist. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/**
 * Why `npm start` should build the console before serving it, or null: its `index.html` is
 * missing, or a source it is built from changed after it (a `git pull` since the last start).
 * A `dist` with no sources beside it (a prebuilt image) is served as it is.
 */
export function clientBuildReason(dist: string): string | null {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return 'first start only';
  const client = dirname(dist);
  const changed = Math.max(...SOURCES.map((name) => newest(join(client, name))));
  return changed > statSync(index).mtimeMs ? 'its sources changed since the last build' : null;
}
