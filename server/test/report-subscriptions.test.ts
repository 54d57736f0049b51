import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { parseCsv } from './csv-parse.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './smtp.js';

/**
 * Finance's month-end, part 3 (docs/domain.md, "Report subscriptions"): a saved pivot sent by a
 * real SMTP server (`smtp-server` in this process) to users of Spendscope, each attachment holding
 * the recipient's own scope; its figures tie to the API asked as that recipient, to the cent.
 */

const SUBSCRIPTION = `id savedViewId format frequency dayOfWeek dayOfMonth workingDay time timeZone scheduleText paused nextRunAt lastRunAt editable version stoppedReason
  recipients { id name role disabled }`;
const CREATE = `mutation($i: ReportSubscriptionInput!) { createReportSubscription(input: $i) { ${SUBSCRIPTION} } }`;
const SEND = `mutation($id: ID!) { sendReportSubscriptionNow(id: $id) { id trigger deliveries { id status recipient { id name } } } }`;
const LOG = `query($s: ID, $v: ID) { reportDeliveries(subscriptionId: $s, savedViewId: $v) { id runId status attempts error trigger recipient { id name } sentAt } }`;
const QUERY = { dimensions: ['CATEGORY_L1'], measures: ['SPEND'], subtotals: true, filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } };
const CUBE = `query($q: SpendCubeQuery!) { spendCube(query: $q) { totals { values } rows { keys { label } values } } }`;

let server: TestServer;
let smtp: TestSmtp;
let admin: GraphQLClient;
let finance: GraphQLClient;
let catman: GraphQLClient;
let viewer: GraphQLClient;
const ids: Record<string, string> = {};
let viewId = '';

async function userId(email: string): Promise<string> {
  const [row] = await server.store.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`, { name: 't' });
  return String(row.id);
}

function input(extra: Record<string, unknown> = {}) {
  return { savedViewId: viewId, format: 'CSV', recipientUserIds: [ids.finance, ids.catman], frequency: 'MONTHLY', workingDay: 3, time: '08:00', timeZone: 'Europe/London', ...extra };
}

async function until<T>(what: string, read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

/** The pivot CSV's rows by their label (the grand total's is "Grand total"), and the figure in its last column. */
function csvFigures(mail: ReceivedMail): Map<string, string> {
  const rows = parseCsv(mail.attachments[0].content.toString('utf8').replace(/^\uFEFF/, ''));
  const header = rows[0];
  const total = header.length - 1;
  return new Map(rows.slice(1).map((r) => [r[0], r[total]]));
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    lines: 10_000,
    env: {
      SPENDSCOPE_SMTP_URL: smtp.url, SPENDSCOPE_PUBLIC_URL: 'https://spendscope.example.test', SPENDSCOPE_DELIVERY_POLL_MS: '100',
      SPENDSCOPE_DELIVERY_RETRY_MS: '200', SPENDSCOPE_DELIVERY_MAX_ATTEMPTS: '3',
    },
  });
  [admin, finance, catman, viewer] = await Promise.all([DEMO.admin, DEMO.finance, DEMO.catman, DEMO.viewer].map((e) => GraphQLClient.signedIn(server.url, e)));
  for (const [role, email] of Object.entries(DEMO)) ids[role] = await userId(email);
  viewId = (await finance.ok<{ createSavedView: { id: string } }>(
    `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id } }`,
    { i: { name: 'Month-end by category', kind: 'PIVOT', definition: JSON.stringify({ query: QUERY }), shared: true } },
  )).createSavedView.id;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('report subscriptions', () => {
  let subscriptionId = '';

  it('says delivery is on, and makes a subscription with its schedule in words and its next run', async () => {
    expect((await finance.ok<{ reportDeliverySettings: { enabled: boolean } }>(`{ reportDeliverySettings { enabled } }`)).reportDeliverySettings.enabled).toBe(true);
    const made = (await finance.ok<{ createReportSubscription: Record<string, unknown> & { id: string; nextRunAt: string } }>(CREATE, { i: input() })).createReportSubscription;
    subscriptionId = made.id;
    expect(made).toMatchObject({ frequency: 'MONTHLY', workingDay: 3, time: '08:00', timeZone: 'Europe/London', scheduleText: 'Monthly on the 3rd working day at 08:00 (Europe/London)', paused: false, editable: true });
    // The 3rd working day of a month at 08:00 London time, in the future.
    const next = new Date(made.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(next)).toBe('08:00');
  });

  it('refuses recipients who could not open the view, and limits', async () => {
    // A viewer has no explorer: they cannot receive a pivot.
    const asViewer = await finance.errorCode(CREATE, { i: input({ recipientUserIds: [ids.viewer] }) });
    expect(asViewer.code).toBe('BAD_USER_INPUT');
    expect(asViewer.message).toMatch(/cannot open pivots/);
    // Someone else's private view: the category manager cannot open it.
    const privateView = (await finance.ok<{ createSavedView: { id: string } }>(
      `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id } }`,
      { i: { name: 'Private month-end', kind: 'PIVOT', definition: JSON.stringify({ query: QUERY }) } },
    )).createSavedView.id;
    const notShared = await finance.errorCode(CREATE, { i: input({ savedViewId: privateView }) });
    expect([notShared.code, notShared.message]).toEqual(['BAD_USER_INPUT', expect.stringMatching(/private to its owner/)]);
    // Not the owner: the category manager may subscribe only themselves.
    expect((await catman.errorCode(CREATE, { i: input() })).code).toBe('BAD_USER_INPUT');
    const own = (await catman.ok<{ createReportSubscription: { id: string } }>(CREATE, { i: input({ recipientUserIds: [ids.catman], frequency: 'DAILY', workingDay: null }) })).createReportSubscription;
    await catman.ok(`mutation($id: ID!) { deleteReportSubscription(id: $id) }`, { id: own.id });
    // A viewer may not subscribe at all (no exports).
    expect((await viewer.errorCode(CREATE, { i: input({ recipientUserIds: [ids.viewer] }) })).code).toBe('FORBIDDEN');
    // Schedules that do not make sense.
    for (const [extra, field] of [
      [{ time: '24:00' }, 'input.time'], [{ timeZone: 'Mars/Olympus' }, 'input.timeZone'], [{ workingDay: 24 }, 'input.workingDay'],
      [{ dayOfMonth: 5 }, 'input.dayOfMonth'], [{ frequency: 'WEEKLY' }, 'input.dayOfWeek'],
    ] as const) {
      const e = await finance.errorCode(CREATE, { i: input(extra) });
      expect([e.code, e.extensions.field], JSON.stringify(extra)).toEqual(['BAD_USER_INPUT', field]);
    }
    const many = Array.from({ length: 51 }, (_, i) => String(i + 1));
    expect((await finance.errorCode(CREATE, { i: input({ recipientUserIds: many }) })).message).toMatch(/at most 50 recipients/);
  });

  it('Send now: each recipient gets their own scope\'s figures, tied to the API asked as them, to the cent', async () => {
    const run = (await finance.ok<{ sendReportSubscriptionNow: { trigger: string; deliveries: Array<{ status: string; recipient: { id: string } }> } }>(SEND, { id: subscriptionId })).sendReportSubscriptionNow;
    expect(run.trigger).toBe('MANUAL');
    expect(run.deliveries.map((d) => [d.recipient.id, d.status]).sort()).toEqual([[ids.catman, 'PENDING'], [ids.finance, 'PENDING']].sort());
    await until('both messages', () => smtp.received.length, (n) => n >= 2);

    for (const [email, client] of [[DEMO.finance, finance], [DEMO.catman, catman]] as const) {
      const [mail] = mailTo(email);
      expect(mail, email).toBeDefined();
      expect(mail.subject).toBe('Month-end by category — 2025-01-01 to 2025-12-31');
      expect(mail.attachments[0].filename).toMatch(/^spendscope-Month-end-by-category-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(mail.text).toContain('https://spendscope.example.test/reports/');
      const cube = (await client.ok<{ spendCube: { totals: { values: string[] }; rows: Array<{ keys: Array<{ label: string }>; values: string[] }> } }>(CUBE, { q: QUERY })).spendCube;
      const figures = csvFigures(mail);
      // Every category the recipient sees, and the grand total, to the cent; nothing else.
      for (const row of cube.rows) expect(centsToString(toCents(figures.get(row.keys[0].label)!)), `${email} ${row.keys[0].label}`).toBe(centsToString(toCents(row.values[0])));
      expect(centsToString(toCents(figures.get('Grand total')!))).toBe(centsToString(toCents(cube.totals.values[0])));
      expect(figures.size).toBe(cube.rows.length + 1);
    }
    // The category manager's is their categories only, with the notice; finance's is all spend.
    expect(mailTo(DEMO.catman)[0].text).toMatch(/Figures are limited to your categories: /);
    expect(mailTo(DEMO.finance)[0].text).toContain('Figures cover all spend.');
    const total = (m: ReceivedMail) => toCents(csvFigures(m).get('Grand total')!);
    expect(total(mailTo(DEMO.catman)[0])).toBeLessThan(total(mailTo(DEMO.finance)[0]));

    // The log: the sender sees both, the category manager only theirs, an admin all.
    const log = (c: GraphQLClient) => c.ok<{ reportDeliveries: Array<{ status: string; recipient: { id: string } }> }>(LOG, { s: subscriptionId }).then((r) => r.reportDeliveries);
    const sent = await until('SENT in the log', () => log(finance), (l) => l.length === 2 && l.every((d) => d.status === 'SENT'));
    expect(sent.length).toBe(2);
    expect((await log(catman)).map((d) => d.recipient.id)).toEqual([ids.catman]);
    expect((await log(admin)).length).toBe(2);
  });

  it('an SMTP failure is tried again, with the reason in the log', async () => {
    const before = smtp.received.length;
    smtp.failNext = 1;
    await finance.ok(SEND, { id: subscriptionId });
    await until('both messages after a refusal', () => smtp.received.length, (n) => n >= before + 2);
    expect(smtp.refused).toBe(1);
    const log = (await finance.ok<{ reportDeliveries: Array<{ runId: string; status: string; attempts: number; error: string | null }> }>(LOG, { s: subscriptionId })).reportDeliveries;
    const latest = log.filter((d) => d.runId === log[0].runId);
    await until('SENT', () => finance.ok<{ reportDeliveries: Array<{ runId: string; status: string }> }>(LOG, { s: subscriptionId }), (r) => r.reportDeliveries.filter((d) => d.runId === log[0].runId).every((d) => d.status === 'SENT'));
    const after = (await finance.ok<{ reportDeliveries: Array<{ runId: string; attempts: number; error: string | null }> }>(LOG, { s: subscriptionId })).reportDeliveries.filter((d) => d.runId === latest[0].runId);
    expect(after.map((d) => d.attempts).sort()).toEqual([1, 2]);
    expect(after.find((d) => d.attempts === 2)!.error).toMatch(/try again later/);
  });

  it('a failing server is given up after the retries, and says why', async () => {
    const before = smtp.received.length;
    smtp.failNext = 100;
    await finance.ok(SEND, { id: subscriptionId });
    const log = await until('FAILED', () => finance.ok<{ reportDeliveries: Array<{ runId: string; status: string; attempts: number; error: string | null }> }>(LOG, { s: subscriptionId }).then((r) => r.reportDeliveries),
      (l) => l.filter((d) => d.runId === l[0].runId).every((d) => d.status === 'FAILED'));
    smtp.failNext = 0;
    const failed = log.filter((d) => d.runId === log[0].runId);
    expect(failed.map((d) => d.attempts)).toEqual([3, 3]);
    expect(failed[0].error).toMatch(/^Gave up after 3 attempts: The mail server refused the message/);
    expect(smtp.received.length).toBe(before);
  });

  it('comes due on schedule in its time zone, and sends once', async () => {
    const before = smtp.received.length;
    // As if its next run had passed a moment ago.
    await server.store.execute(sql`UPDATE report_subscriptions SET next_run_at = CAST('2026-01-06 08:00:00' AS TIMESTAMP) WHERE id = ${Number(subscriptionId)}`, { name: 't' });
    await until('the scheduled messages', () => smtp.received.length, (n) => n >= before + 2);
    const log = (await finance.ok<{ reportDeliveries: Array<{ trigger: string; status: string }> }>(LOG, { s: subscriptionId })).reportDeliveries;
    expect(log[0].trigger).toBe('SCHEDULED');
    const s = (await finance.ok<{ reportSubscription: { nextRunAt: string; lastRunAt: string } }>(`query($id: ID!) { reportSubscription(id: $id) { nextRunAt lastRunAt } }`, { id: subscriptionId })).reportSubscription;
    expect(new Date(s.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.length).toBe(before + 2);
  });

  it('a disabled recipient gets nothing; a paused subscription shows no next run', async () => {
    const { user } = await admin.ok<{ user: { id: string; version: number } }>(`query($id: ID!) { user(id: $id) { id version } }`, { id: ids.catman });
    await admin.ok(`mutation($id: ID!, $v: Int!) { disableUser(id: $id, version: $v) { id } }`, { id: user.id, v: user.version });
    const before = smtp.received.length;
    await finance.ok(SEND, { id: subscriptionId });
    const log = await until('SKIPPED', () => finance.ok<{ reportDeliveries: Array<{ runId: string; status: string; error: string | null; recipient: { id: string } }> }>(LOG, { s: subscriptionId }).then((r) => r.reportDeliveries),
      (l) => l.filter((d) => d.runId === l[0].runId).every((d) => d.status !== 'PENDING' && d.status !== 'SENDING'));
    const latest = log.filter((d) => d.runId === log[0].runId);
    expect(latest.find((d) => d.recipient.id === ids.catman)).toMatchObject({ status: 'SKIPPED', error: 'The recipient is disabled.' });
    expect(smtp.received.length).toBe(before + 1);
    expect(mailTo(DEMO.catman).length).toBe(smtp.received.filter((m) => m.to.includes(DEMO.catman)).length);
    const { user: again } = await admin.ok<{ user: { id: string; version: number } }>(`query($id: ID!) { user(id: $id) { id version } }`, { id: ids.catman });
    await admin.ok(`mutation($id: ID!, $v: Int!) { enableUser(id: $id, version: $v) { id } }`, { id: again.id, v: again.version });

    const paused = (await finance.ok<{ pauseReportSubscription: { paused: boolean; nextRunAt: string | null } }>(`mutation($id: ID!) { pauseReportSubscription(id: $id) { paused nextRunAt } }`, { id: subscriptionId })).pauseReportSubscription;
    expect(paused).toEqual({ paused: true, nextRunAt: null });
    const resumed = (await finance.ok<{ resumeReportSubscription: { paused: boolean; nextRunAt: string | null } }>(`mutation($id: ID!) { resumeReportSubscription(id: $id) { paused nextRunAt } }`, { id: subscriptionId })).resumeReportSubscription;
    expect(resumed.paused).toBe(false);
    expect(new Date(resumed.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
  });

  it('a disabled creator\'s subscriptions stop', async () => {
    // The analyst subscribes themselves to finance's shared view, then is disabled.
    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    const own = (await analyst.ok<{ createReportSubscription: { id: string } }>(CREATE, { i: input({ recipientUserIds: [ids.analyst], frequency: 'DAILY', workingDay: null }) })).createReportSubscription;
    const { user } = await admin.ok<{ user: { id: string; version: number } }>(`query($id: ID!) { user(id: $id) { id version } }`, { id: ids.analyst });
    await admin.ok(`mutation($id: ID!, $v: Int!) { disableUser(id: $id, version: $v) { id } }`, { id: user.id, v: user.version });
    const before = smtp.received.length;
    await server.store.execute(sql`UPDATE report_subscriptions SET next_run_at = CAST('2026-01-06 08:00:00' AS TIMESTAMP) WHERE id = ${Number(own.id)}`, { name: 't' });
    await until('the schedule moving on', () => server.store.query<{ next_run_at: string }>(sql`SELECT next_run_at FROM report_subscriptions WHERE id = ${Number(own.id)}`, { name: 't' }),
      (rows) => !rows[0].next_run_at.startsWith('2026-01-06'));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.length).toBe(before);
    const seen = (await admin.ok<{ reportSubscription: { stoppedReason: string | null } }>(`query($id: ID!) { reportSubscription(id: $id) { stoppedReason } }`, { id: own.id })).reportSubscription;
    expect(seen.stoppedReason).toMatch(/is disabled/);
  });

  it('nothing broke on the server', () => {
    expect(server.loggedErrors).toEqual([]);
  });
});

describe('without an SMTP server', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ lines: 10_000, env: { SPENDSCOPE_DELIVERY_POLL_MS: '100' } });
  });
  afterAll(() => off?.close());

  it('says delivery is off; subscriptions are made and their deliveries wait', async () => {
    const finance = await GraphQLClient.signedIn(off.url, DEMO.finance);
    expect((await finance.ok<{ reportDeliverySettings: { enabled: boolean } }>(`{ reportDeliverySettings { enabled } }`)).reportDeliverySettings.enabled).toBe(false);
    const view = (await finance.ok<{ createSavedView: { id: string } }>(
      `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id } }`,
      { i: { name: 'Waiting', kind: 'PIVOT', definition: JSON.stringify({ query: QUERY }) } },
    )).createSavedView.id;
    const me = String((await off.store.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO.finance}`, { name: 't' }))[0].id);
    const made = (await finance.ok<{ createReportSubscription: { id: string } }>(CREATE, { i: { savedViewId: view, format: 'XLSX', recipientUserIds: [me], frequency: 'WEEKLY', dayOfWeek: 'MONDAY', time: '07:30', timeZone: 'America/New_York' } })).createReportSubscription;
    await finance.ok(SEND, { id: made.id });
    await new Promise((r) => setTimeout(r, 600));
    const log = (await finance.ok<{ reportDeliveries: Array<{ status: string; attempts: number }> }>(LOG, { s: made.id })).reportDeliveries;
    expect(log).toEqual([{ ...log[0], status: 'PENDING', attempts: 0 }]);
    expect(off.loggedErrors).toEqual([]);
  });
});
