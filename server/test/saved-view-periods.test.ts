import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { parseCsv } from './csv-parse.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Issue 13, saved reports: a pivot view keeps its own dates or a relative period, resolved when it
 * is opened (`SavedView.period`) and exported (`/api/exports/views/:id`) against the latest invoice
 * date. Expected dates and sums come from raw SQL and date arithmetic here, not from the server.
 */

let server: TestServer;
let finance: GraphQLClient;
let catman: GraphQLClient;
let maxDate: string;

const CREATE = `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id period { relative dateFrom dateTo } } }`;
const UPDATE = `mutation($id: ID!, $v: Int!, $i: UpdateSavedViewInput!) { updateSavedView(id: $id, version: $v, input: $i) { id } }`;
const STALE = { dateFrom: '2019-01-01', dateTo: '2019-03-31' };

function definition(relative: string | null | undefined, filter: Record<string, unknown> = STALE) {
  return JSON.stringify({
    query: { dimensions: ['CATEGORY_L1'], measures: ['SPEND'], filter, subtotals: true },
    display: { search: 'rows=CATEGORY_L1&m=SPEND' },
    ...(relative === undefined ? {} : { period: { relative } }),
  });
}

async function create(name: string, relative: string | null | undefined, shared = false) {
  const data = await finance.ok<{ createSavedView: { id: string; period: { relative: string | null; dateFrom: string | null; dateTo: string | null } } }>(
    CREATE, { i: { name, kind: 'PIVOT', definition: definition(relative), shared } },
  );
  return data.createSavedView;
}

/** The 12 whole months ending with `max`'s month, worked out with Date rather than the server's helper. */
function last12(max: string) {
  const d = new Date(`${max.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  return { dateFrom: d.toISOString().slice(0, 10), dateTo: max };
}

async function rawSpend(from: string, to: string): Promise<string> {
  const [row] = await server.store.query<{ total: string }>(
    sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS total FROM spend_lines WHERE invoice_date BETWEEN CAST(${from} AS DATE) AND CAST(${to} AS DATE)`,
    { name: 'test.viewPeriodSpend' },
  );
  return centsToString(toCents(row.total));
}

beforeAll(async () => {
  server = await startTestServer();
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
  catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
  const [row] = await server.store.query<{ max_date: string }>(sql`SELECT CAST(MAX(invoice_date) AS VARCHAR) AS max_date FROM spend_lines`, { name: 'test.maxDate' });
  maxDate = row.max_date;
});
afterAll(() => server?.close());

describe('a saved pivot’s period', () => {
  it('resolves each relative period against the latest invoice date, whatever dates the query was saved with', async () => {
    const year = Number(maxDate.slice(0, 4));
    expect((await create('rolling year', 'LAST_12_MONTHS')).period).toEqual({ relative: 'LAST_12_MONTHS', ...last12(maxDate) });
    expect((await create('this year', 'YEAR_TO_DATE')).period).toEqual({ relative: 'YEAR_TO_DATE', dateFrom: `${year}-01-01`, dateTo: maxDate });
    expect((await create('last year', 'PREVIOUS_CALENDAR_YEAR')).period).toEqual({ relative: 'PREVIOUS_CALENDAR_YEAR', dateFrom: `${year - 1}-01-01`, dateTo: `${year - 1}-12-31` });
  });

  it('keeps the saved dates when absolute (relative null, or no period at all as before issue 13)', async () => {
    expect((await create('fixed quarter', null)).period).toEqual({ relative: null, ...STALE });
    expect((await create('older view', undefined)).period).toEqual({ relative: null, ...STALE });
  });

  it('refuses an unknown relative period on its field, on create and on update', async () => {
    const created = await finance.errorCode(CREATE, { i: { name: 'bad period', kind: 'PIVOT', definition: definition('LAST_7_FORTNIGHTS') } });
    expect(created.code).toBe('BAD_USER_INPUT');
    expect(created.extensions.field).toBe('input.definition.period.relative');
    expect(created.message).toContain('LAST_7_FORTNIGHTS');
    const notAnObject = await finance.errorCode(CREATE, { i: { name: 'bad period', kind: 'PIVOT', definition: JSON.stringify({ query: {}, period: 'LAST_12_MONTHS' }) } });
    expect(notAnObject.extensions.field).toBe('input.definition.period');

    const view = await create('to be broken', 'YEAR_TO_DATE');
    const updated = await finance.errorCode(UPDATE, { id: view.id, v: 1, i: { definition: definition('NEXT_YEAR') } });
    expect(updated.code).toBe('BAD_USER_INPUT');
    expect(updated.extensions.field).toBe('input.definition.period.relative');
    const kept = await finance.ok<{ savedView: { period: { relative: string } } }>(`query($id: ID!) { savedView(id: $id) { period { relative } } }`, { id: view.id });
    expect(kept.savedView.period.relative).toBe('YEAR_TO_DATE');
  });

  it('exports with the same dates as it opens with: the grand total is the resolved period’s spend to the cent', async () => {
    const view = await create('rolling year export', 'LAST_12_MONTHS');
    const { dateFrom, dateTo } = last12(maxDate);
    const res = await fetch(`${server.url}/api/exports/views/${view.id}?format=csv`, { headers: { cookie: finance.sessionCookie } });
    expect(res.status).toBe(200);
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    const total = rows[rows.length - 1];
    expect(total[0]).toBe('Grand total');
    expect(centsToString(toCents(total[total.length - 1]))).toBe(await rawSpend(dateFrom, dateTo));

    // An absolute view exports its own dates.
    const year = Number(maxDate.slice(0, 4)) - 1;
    const half = { dateFrom: `${year}-01-01`, dateTo: `${year}-06-30` };
    const fixed = await finance.ok<{ createSavedView: { id: string } }>(CREATE, { i: { name: 'fixed export', kind: 'PIVOT', definition: definition(null, half) } });
    const fixedRes = await fetch(`${server.url}/api/exports/views/${fixed.createSavedView.id}?format=csv`, { headers: { cookie: finance.sessionCookie } });
    const fixedRows = parseCsv((await fixedRes.text()).replace(/^\uFEFF/, ''));
    const fixedTotal = fixedRows[fixedRows.length - 1];
    expect(centsToString(toCents(fixedTotal[fixedTotal.length - 1]))).toBe(await rawSpend(half.dateFrom, half.dateTo));
  });

  it('opens for another user only once shared; the id of a private view is not found for them', async () => {
    const view = await create('shared later', 'LAST_12_MONTHS');
    const hidden = await catman.errorCode(`query($id: ID!) { savedView(id: $id) { id } }`, { id: view.id });
    expect(hidden.code).toBe('NOT_FOUND');
    await finance.ok(UPDATE, { id: view.id, v: 1, i: { shared: true } });
    const seen = await catman.ok<{ savedView: { period: { relative: string; dateFrom: string; dateTo: string } } }>(
      `query($id: ID!) { savedView(id: $id) { period { relative dateFrom dateTo } } }`, { id: view.id },
    );
    // Resolved against the latest invoice in the category manager's own scope.
    const [row] = await server.store.query<{ max_date: string }>(sql`
      SELECT CAST(MAX(s.invoice_date) AS VARCHAR) AS max_date FROM spend_lines s
      JOIN categories c ON c.id = s.category_id
      JOIN categories l1 ON l1.id = c.l1_id
      WHERE l1.name IN ('IT & Telecoms', 'Professional Services')`, { name: 'test.scopedMaxDate' });
    expect(seen.savedView.period).toEqual({ relative: 'LAST_12_MONTHS', ...last12(row.max_date) });
  });
});

describe('the period of other kinds', () => {
  it("an overview filter's period is its own dates, or none; a query has none", async () => {
    const create = async (kind: string, definition: unknown) =>
      (await finance.ok<{ createSavedView: { period: unknown } }>(CREATE, { i: { name: `${kind} ${JSON.stringify(definition)}`, kind, definition: JSON.stringify(definition) } })).createSavedView.period;
    expect(await create('DASHBOARD_FILTER', { from: '2025-01-01', to: '2025-06-30', bu: '3' })).toEqual({ relative: null, dateFrom: '2025-01-01', dateTo: '2025-06-30' });
    expect(await create('DASHBOARD_FILTER', { from: '2025-04-01' })).toEqual({ relative: null, dateFrom: '2025-04-01', dateTo: null });
    expect(await create('DASHBOARD_FILTER', { bu: '3' })).toBeNull();
    expect(await create('QUERY', { document: '{ me { id } }', variables: {} })).toBeNull();
  });
});
