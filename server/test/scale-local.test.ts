import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { createPgDatabase } from './pg-databases.js';

// The scale-out topology as scripts/scale-local.sh starts it (docs/scale-out.md): three API
// processes on one fresh PostgreSQL database behind nginx on loopback. Real processes, real nginx
// (Debian's nginx-light; .ci/run installs it), nothing mocked. Requests go through nginx only.

const ROOT = resolve(import.meta.dirname, '../..');

/** True when `port` takes a connection on loopback. */
function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

/**
 * The kernel's ephemeral range: ports it hands out as the source of outgoing connections. A port
 * picked inside it can be free when checked and taken by some connection's source before the
 * script's last process binds it (api-3 starts only after api-1 has seeded the demo), which once
 * failed this file with EADDRINUSE. So the test's ports come from below that range.
 */
function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** `count` consecutive ports nothing listens on, below the ephemeral range. */
async function freePorts(count: number): Promise<number> {
  const low = 10_000;
  const span = Math.max(1_000, ephemeralLow() - count - low);
  for (;;) {
    const first = low + Math.floor(Math.random() * span);
    const taken = await Promise.all(Array.from({ length: count }, (_, i) => listening(first + i)));
    if (!taken.some(Boolean)) return first;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('scripts/scale-local.sh: three API processes behind nginx', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let script: ChildProcess;
  let exited: Promise<number | string>;
  let output = '';
  let url: string;
  let pids: number[] = [];
  let nginxPort: number;
  const dir = mkdtempSync(join(tmpdir(), 'spendscope-scale-'));

  beforeAll(async () => {
    database = await createPgDatabase();
    // A stand-in for the built console (building the real one is the e2e tier's business): what
    // matters here is that the processes serve it through nginx.
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Spendscope</title>');
    // Four ports in a row: the three API processes, then nginx.
    const apiPort = await freePorts(4);
    nginxPort = apiPort + 3;
    script = spawn('bash', ['scripts/scale-local.sh', '--replicas', '3', '--port', String(nginxPort), '--api-port', String(apiPort)], {
      cwd: ROOT,
      env: {
        ...process.env,
        SPENDSCOPE_DATABASE_URL: database.url,
        SPENDSCOPE_DEMO_LINES: '10000',
        SPENDSCOPE_AS_OF: '2026-11-21',
        SPENDSCOPE_CLIENT_DIST: dist,
        SCALE_DIR: join(dir, 'run'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((done) => script.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')));
    url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`not ready after 90 s:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const m = /scale-out is ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          done(m[1]);
        }
      };
      script.stdout!.on('data', onData);
      script.stderr!.on('data', onData);
      void exited.then((code) => fail(new Error(`the script exited (${code}) before it was ready:\n${output}`)));
    });
    pids = [...output.matchAll(/: pid (\d+) on /g)].map((m) => Number(m[1]));
  }, 120_000);

  afterAll(async () => {
    if (script && script.exitCode === null && script.signalCode === null) {
      script.kill('SIGTERM');
      await exited;
    }
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('started three processes and nginx, and serves the console through nginx', async () => {
    expect(pids).toHaveLength(4);
    expect(url).toBe(`http://127.0.0.1:${nginxPort}`);
    const page = await fetch(`${url}/explore`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Spendscope</title>');
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('spreads one session\'s requests over all three processes, and the session works on each', async () => {
    const client = await GraphQLClient.signedIn(url, DEMO.finance);
    const seen = new Map<string, number>();
    for (let i = 0; i < 9; i++) {
      const res = await client.request<{ me: { email: string }; spendSummary: { lineCount: number } }>(`{ me { email } spendSummary { lineCount } }`);
      expect(res.errors).toBeUndefined();
      expect(res.data!.me.email).toBe(DEMO.finance);
      expect(res.data!.spendSummary.lineCount).toBeGreaterThan(0);
      const instance = res.headers.get('x-spendscope-instance')!;
      seen.set(instance, (seen.get(instance) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['api-1', 'api-2', 'api-3']);
    // nginx's access log names the process of each request too.
    const log = readFileSync(join(dir, 'run/logs/nginx.log'), 'utf8');
    expect(new Set([...log.matchAll(/instance=(api-\d)/g)].map((m) => m[1])).size).toBe(3);
  });

  it('counts sign-ins against the address nginx saw, not one the client wrote into X-Forwarded-For', async () => {
    // GraphQLClient sends its address as X-Forwarded-For; nginx replaces the header with the
    // peer's address, which is what the processes (trusting loopback) read.
    const spoofer = new GraphQLClient(url, '203.0.113.9');
    await spoofer.request(`mutation { login(email: "${DEMO.viewer}", password: "wrong password") { user { id } } }`);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ address: string }>('SELECT DISTINCT address FROM login_attempts');
      expect(rows.length).toBeGreaterThan(0);
      for (const { address } of rows) expect(address).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    } finally {
      await db.end();
    }
  });

  it('passes a streamed CSV export through whole', async () => {
    const client = await GraphQLClient.signedIn(url, DEMO.finance);
    const res = await fetch(`${url}/api/exports/lines?format=csv`, { headers: { cookie: client.sessionCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    // Streamed by the process as the database reads (no length known up front), and by nginx as it comes.
    expect(res.headers.get('content-length')).toBeNull();
    const rows = Number(res.headers.get('x-export-rows'));
    expect(rows).toBeGreaterThan(1000);
    const text = await res.text();
    const lines = text.split('\n').filter((line) => line.length > 0);
    expect(lines.length - 1).toBe(rows); // a header, then one line per row (the demo's texts hold no line breaks)
  });

  it('SIGTERM to the script stops nginx and every process cleanly and leaves none behind', async () => {
    script.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(await listening(nginxPort)).toBe(false);
    for (const i of [1, 2, 3]) expect(readFileSync(join(dir, `run/logs/api-${i}.log`), 'utf8')).toMatch(/SIGTERM: stopping …\s+Stopped\./);
    expect(output).toContain('scale-local: stopped.');
  }, 40_000);
});
