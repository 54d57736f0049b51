/**
 * Time from `npm start` to "ready": first run on a fresh database (seeding the default 1M lines)
 * and a second run reusing the file. Usage: npm run bench:startup
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable } from './stats.js';

async function groupGone(pgid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startOnce(db: string, port: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['start'], { env: { ...process.env, SPENDSCOPE_DB: db, PORT: port }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Spendscope is ready')) {
        const ms = performance.now() - started;
        process.kill(-child.pid!, 'SIGTERM');
        // npm exits before the server it started has closed the database: wait for the whole group.
        void groupGone(child.pid!).then(() => resolve(ms));
      }
    });
    child.once('exit', (code, signal) => code && !signal && reject(new Error(`npm start exited with ${code}`)));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'spendscope-startup-'));
const db = join(dir, 'startup.duckdb');
const first = await startOnce(db, '4811');
const second = await startOnce(db, '4811');
printTable(['start', 'seconds'], [['first (seeds 1M lines)', (first / 1000).toFixed(1)], ['second (reuses the file)', (second / 1000).toFixed(1)]]);
rmSync(dir, { recursive: true, force: true });
