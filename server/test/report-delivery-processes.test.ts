import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { testBackend } from './harness.js';
import { createPgDatabase } from './pg-databases.js';
import { kill9, sleep, spawnServer, type ServerProcess } from './process.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

/**
 * Report deliveries are durable jobs (docs/durability.md, "Report deliveries"): a server killed
 * with SIGKILL between a delivery's claim and its sending delivers it once after the restart; on
 * PostgreSQL, two processes deliver each message once. Real server processes, a real SMTP server.
 */

const backend = testBackend();
const QUERY = { dimensions: ['CATEGORY_L1'], measures: ['SPEND'], filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } };
const STALE_MS = 1_500;

let smtp: TestSmtp;
let dir: string;
let database: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
const servers: ServerProcess[] = [];

function start(env: Record<string, string> = {}) {
  const server = spawnServer(join(dir, 'spendscope.duckdb'), {
    SPENDSCOPE_SMTP_URL: smtp.url, SPENDSCOPE_DELIVERY_POLL_MS: '100', SPENDSCOPE_DELIVERY_STALE_MS: String(STALE_MS),
    ...(database ? { SPENDSCOPE_DATABASE_URL: database.url } : {}), ...env,
  });
  servers.push(server);
  return server;
}

async function until<T>(what: string, read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** A shared pivot of finance's with a subscription to `recipients` (emails); returns the subscription's id. */
async function subscribe(url: string, finance: GraphQLClient, name: string, recipients: string[]): Promise<string> {
  const view = (await finance.ok<{ createSavedView: { id: string } }>(
    `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id } }`,
    { i: { name, kind: 'PIVOT', definition: JSON.stringify({ query: QUERY }), shared: true } },
  )).createSavedView.id;
  const { reportRecipientCandidates: candidates } = await finance.ok<{ reportRecipientCandidates: Array<{ id: string; name: string }> }>(
    `query($v: ID!) { reportRecipientCandidates(savedViewId: $v) { id name } }`, { v: view },
  );
  const users = await Promise.all(recipients.map((email) => userId(url, email)));
  expect(users.every((id) => candidates.some((c) => c.id === id))).toBe(true);
  return (await finance.ok<{ createReportSubscription: { id: string } }>(
    `mutation($i: ReportSubscriptionInput!) { createReportSubscription(input: $i) { id } }`,
    { i: { savedViewId: view, format: 'CSV', recipientUserIds: users, frequency: 'DAILY', time: '06:00', timeZone: 'Europe/London' } },
  )).createReportSubscription.id;
}

const ids = new Map<string, string>();
async function userId(url: string, email: string): Promise<string> {
  if (!ids.has(email)) {
    const signedIn = await GraphQLClient.signedIn(url, email);
    ids.set(email, (await signedIn.ok<{ me: { id: string } }>(`{ me { id } }`)).me.id);
  }
  return ids.get(email)!;
}

const send = (client: GraphQLClient, id: string) => client.ok(`mutation($id: ID!) { sendReportSubscriptionNow(id: $id) { id } }`, { id });
const deliveryIds = () => smtp.received.map((m) => m.headers.get('x-spendscope-delivery'));

beforeAll(async () => {
  smtp = await startTestSmtp();
  dir = mkdtempSync(join(tmpdir(), 'spendscope-deliveries-'));
  if (backend === 'postgres') database = await createPgDatabase();
}, 60_000);

afterAll(async () => {
  for (const server of servers) await kill9(server);
  await smtp?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`report deliveries survive their process (${backend})`, () => {
  it('SIGKILL between the claim and the send: delivered once after the restart', async () => {
    // Paused for a minute after each claim: the test kills it there.
    const first = start({ SPENDSCOPE_TEST_DELIVERY_PAUSE_MS: '60000' });
    const url = await first.ready(120_000);
    const finance = await GraphQLClient.signedIn(url, DEMO.finance);
    const subscription = await subscribe(url, finance, 'Crash month-end', [DEMO.catman]);
    await send(finance, subscription);
    await until('the claim', () => first.output(), (text) => /Delivery \d+: claimed \(attempt 1\)/.test(text));
    await kill9(first);
    expect(smtp.received.length).toBe(0);

    const second = start();
    const again = await second.ready(120_000);
    await until('the message after the restart', () => smtp.received.length, (n) => n >= 1);
    // Long enough for a second claim of the same delivery, had there been one.
    await sleep(STALE_MS * 2);
    expect(smtp.received.map((m) => m.to)).toEqual([[DEMO.catman]]);
    const log = (await finance.at(again).ok<{ reportDeliveries: Array<{ status: string; attempts: number }> }>(
      `query($s: ID) { reportDeliveries(subscriptionId: $s) { status attempts } }`, { s: subscription },
    )).reportDeliveries;
    expect(log).toEqual([{ status: 'SENT', attempts: 2 }]);
    await kill9(second);
  }, 300_000);

  it.runIf(backend === 'postgres')('two processes on one database: every message once, a due run queued once', async () => {
    const [a, b] = [start(), start()];
    const [urlA, urlB] = await Promise.all([a.ready(120_000), b.ready(120_000)]);
    const onA = await GraphQLClient.signedIn(urlA, DEMO.finance);
    const onB = onA.at(urlB);
    const before = smtp.received.length;
    const subscription = await subscribe(urlA, onA, 'Two processes', [DEMO.finance, DEMO.catman, DEMO.analyst, DEMO.admin]);
    // Five runs of four messages, asked of either process.
    for (let i = 0; i < 5; i++) await send(i % 2 ? onB : onA, subscription);
    // And a run that came due: both processes see it; one queues it.
    const db = new pg.Client({ connectionString: database!.url });
    await db.connect();
    try {
      await db.query(`UPDATE report_subscriptions SET next_run_at = TIMESTAMP '2026-01-06 06:00:00' WHERE id = $1`, [Number(subscription)]);
      await until('24 messages', () => smtp.received.length - before, (n) => n >= 24, 60_000);
      await sleep(STALE_MS * 2);
      const sent = deliveryIds().slice(before);
      expect(sent.length).toBe(24);
      expect(new Set(sent).size).toBe(24);
      const { rows } = await db.query<{ kind: string; n: string }>(`SELECT kind, CAST(COUNT(*) AS TEXT) AS n FROM report_delivery_runs WHERE subscription_id = $1 GROUP BY kind ORDER BY kind`, [Number(subscription)]);
      expect(rows).toEqual([{ kind: 'MANUAL', n: '5' }, { kind: 'SCHEDULED', n: '1' }]);
      // Both processes sent some (each claims as it polls), and none twice.
      const senders = [a, b].map((s) => (s.output().match(/Delivery \d+: sent/g) ?? []).length);
      expect(senders[0] + senders[1]).toBe(24);
    } finally {
      await db.end();
    }
  }, 300_000);
});
