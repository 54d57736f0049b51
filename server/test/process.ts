import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** `npm start`'s server as a real child process, for tests that kill it or signal it. */
export interface ServerProcess {
  proc: ChildProcess;
  /** Everything it printed, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Set once it printed its ready line. */
  url: string | null;
}

/**
 * Starts `node --import tsx server/src/main.ts` on a random port against `dbPath` (no console),
 * with extra environment. `ready()` waits for the "ready at" line.
 */
export function spawnServer(dbPath: string, env: Record<string, string> = {}): ServerProcess & { ready(timeoutMs?: number): Promise<string> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // As deployed (the Dockerfile's setting), not vitest's NODE_ENV=test, which switches off
      // behaviour such as Apollo's own signal handlers.
      NODE_ENV: 'production',
      SPENDSCOPE_DB: dbPath,
      SPENDSCOPE_DEMO_LINES: '10000',
      SPENDSCOPE_AS_OF: '2026-11-21',
      SPENDSCOPE_CLIENT_DIST: '',
      // As in startTestServer: a process trains the classifier only where a test asks for it.
      SPENDSCOPE_CLASSIFIER: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const l of listeners) l();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | string>((done) => proc.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')));
  const handle = {
    proc,
    output: () => text,
    exited,
    url: null as string | null,
    ready(timeoutMs = 60_000): Promise<string> {
      return new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`server not ready after ${timeoutMs} ms:\n${text}`)), timeoutMs);
        const check = () => {
          const m = /ready at (http:\/\/localhost:\d+)/.exec(text);
          if (m) {
            clearTimeout(timer);
            handle.url = m[1].replace('localhost', '127.0.0.1');
            done(handle.url);
          }
        };
        listeners.push(check);
        check();
        void exited.then((code) => {
          clearTimeout(timer);
          if (!handle.url) fail(new Error(`server exited (${code}) before it was ready:\n${text}`));
        });
      });
    },
  };
  return handle;
}

/** SIGKILL, and wait until the process is gone (its file lock with it). */
export async function kill9(server: ServerProcess): Promise<void> {
  if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
  await server.exited;
}

/** A small deterministic PRNG (mulberry32), so a failing crash schedule can be replayed from its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
