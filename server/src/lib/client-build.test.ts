import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBuildReason } from './client-build.js';

describe('whether npm start builds the console first', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  it('builds when the build is missing or older than a source, and serves a build with no sources beside it', () => {
    root = mkdtempSync(join(tmpdir(), 'client-build-'));
    const dist = join(root, 'dist');
    expect(clientBuildReason(dist)).toBe('first start only');
    mkdirSync(join(root, 'src', 'routes'), { recursive: true });
    mkdirSync(dist);
    writeFileSync(join(root, 'src', 'routes', 'Page.tsx'), 'export {}');
    writeFileSync(join(dist, 'index.html'), '<html></html>');
    for (const path of [join(root, 'src', 'routes', 'Page.tsx'), join(root, 'src', 'routes'), join(root, 'src')]) at(path, 1_000);
    at(join(dist, 'index.html'), 2_000);
    expect(clientBuildReason(dist)).toBeNull();
    // A source deep in the tree changes after the build (a pull).
    at(join(root, 'src', 'routes', 'Page.tsx'), 3_000);
    expect(clientBuildReason(dist)).toBe('its sources changed since the last build');
    // A prebuilt dist alone is taken as it is.
    rmSync(join(root, 'src'), { recursive: true });
    expect(clientBuildReason(dist)).toBeNull();
  });
});
