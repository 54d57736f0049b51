import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

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

/** CPU seconds a process has used so far (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

/**
 * Waits until the process has been idle for a second (under 5% of a core), at most `maxMs`: work
 * it starts by itself after "ready" (the rollups' first build, docs/rollups.md) is then done.
 */
export async function idle(pid: number, maxMs = 120_000): Promise<void> {
  const until = Date.now() + maxMs;
  let last = cpuSeconds(pid);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSeconds(pid);
    if (now - last < 0.05) return;
    last = now;
  }
}

/** Resets the process's VmHWM to its current RSS (Linux `clear_refs` 5), so the next peak read belongs to what runs after. */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
