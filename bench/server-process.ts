import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Runs `fn` against a fresh server process on loopback (production mode, no console), so a
 * benchmark measures the server alone and its memory (VmHWM) belongs to that run; the process is
 * stopped with SIGTERM afterwards.
 */
export async function withServer<T>(
  options: { db: string; port: number; env?: Record<string, string> },
  fn: (url: string, pid: number) => Promise<T>,
): Promise<T> {
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env, NODE_ENV: 'production', SPENDSCOPE_DB: options.db, PORT: String(options.port), HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Spendscope is ready') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  try {
    return await fn(`http://127.0.0.1:${options.port}`, child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** A process's memory from /proc in MB: VmHWM (the peak) or VmRSS (now). */
export function rssMb(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}
