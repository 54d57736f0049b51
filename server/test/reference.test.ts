import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASETS } from './dataset-expectations.js';
import { sql } from '../src/store/sql.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let admin: GraphQLClient;

async function post(client: GraphQLClient, path: string, body: string) {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie: client.sessionCookie, 'content-type': 'text/csv' }, body });
  return { status: res.status, body: (await res.json()) as { data?: { added: number; updated: number; linesConverted: number; problems: string[] }; errors?: Array<{ extensions: { code: string } }> } };
}

/** Expected, independently: amount × rate (6 decimals) rounded half to even at the cent, in BigInt. */
function converted(amount: string, rate: string): string {
  const micros = toCents(rate.slice(0, -4)) * 10_000n + BigInt(rate.slice(-4));
  const product = toCents(amount) * micros; // cents × micros = 1e-8 units
  const q = product / 1_000_000n;
  const rem = product % 1_000_000n;
  const abs = rem < 0n ? -rem : rem;
  const roundAway = abs * 2n > 1_000_000n || (abs * 2n === 1_000_000n && (q < 0n ? -q : q) % 2n === 1n);
  return centsToString(roundAway ? q + (product < 0n ? -1n : 1n) : q);
}

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
});
afterAll(() => server?.close());

describe('FX rates', () => {
  it('lines without a rate are kept and flagged; importing the rate converts exactly them, half-even to the cent', async () => {
    // 2005 is before any demo rate: the lines must arrive unconverted.
    const csv = ['Date,Supplier,Amount', '2005-03-02,Old Ledger Ltd,100.01', '2005-03-09,Old Ledger Ltd,-33.33', '2005-03-20,Other Old Co,0.05'].join('\n');
    const up = await fetch(`${server.url}/api/imports?fileName=old.csv&sourceName=Old ledger`, { method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: csv });
    const id = ((await up.json()) as { data: { id: string } }).data.id;
    const v = await admin.ok<{ validateImport: { acceptedCount: number; warningCount: number } }>(
      `mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [{ field: INVOICE_DATE, column: 0 }, { field: SUPPLIER_NAME, column: 1 }, { field: AMOUNT, column: 2 }], defaultCurrency: "GBP" }) { acceptedCount warningCount } }`,
      { id },
    );
    expect(v.validateImport).toEqual({ acceptedCount: 3, warningCount: 3 });
    await admin.ok(`mutation($id: ID!) { commitImport(id: $id) { id } }`, { id });
    expect(await admin.ok(`{ linesWithoutFxRate }`)).toEqual({ linesWithoutFxRate: 3 });

    const rate = '1.452365';
    const result = await post(admin, '/api/fx-rates', `currency,month,rate\nGBP,2005-03,${rate}\nXYZ1,2005-03,1\nUSD,2005-13,1.2\nEUR,2005-03,1.1\nUSD,2005-03,-2`);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ added: 1, updated: 0, linesConverted: 3 });
    expect(result.body.data!.problems).toHaveLength(4);
    expect(result.body.data!.problems.join(' ')).toMatch(/row 3: .*row 4: .*row 5: .*reporting currency.*row 6: /s);
    // Expected, independently: amount × rate rounded half to even at the cent, in BigInt.
    const rows = await server.store.query<{ amount: string; amount_reporting: string }>(
      sql`SELECT CAST(amount AS VARCHAR) AS amount, CAST(amount_reporting AS VARCHAR) AS amount_reporting FROM spend_lines WHERE import_batch_id = ${Number(id)} ORDER BY id`,
      { name: 't' },
    );
    for (const r of rows) expect(r.amount_reporting).toBe(converted(r.amount, rate));
    expect(await admin.ok(`{ linesWithoutFxRate }`)).toEqual({ linesWithoutFxRate: 0 });
    const listed = await admin.ok<{ fxRates: Array<{ month: string; rateToReporting: string }> }>(`{ fxRates(currency: "gbp") { month rateToReporting } }`);
    expect(listed.fxRates.find((r) => r.month === '2005-03-01')?.rateToReporting).toBe(rate);
    const again = await post(admin, '/api/fx-rates', `currency,month,rate\nGBP,2005-03,${rate}`);
    expect(again.body.data).toMatchObject({ added: 0, updated: 1 });
    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    expect((await post(analyst, '/api/fx-rates', 'currency,month,rate\nGBP,2005-04,1.4')).status).toBe(403);
    // A file over the limit is refused by name, changing nothing.
    const huge = await post(admin, '/api/fx-rates', 'currency,month,rate\n' + 'GBP,2005-05,1.400000\n'.repeat(1_000_000));
    expect(huge.status).toBe(400);
    expect(huge.body.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'body' });
    expect((huge.body.errors?.[0] as { message?: string }).message).toMatch(/larger than 20 MB/);
    const may = await admin.ok<{ fxRates: Array<{ month: string }> }>(`{ fxRates(currency: "GBP") { month } }`);
    expect(may.fxRates.some((r) => r.month === '2005-05-01')).toBe(false);
  });

  it('setFxRate sets one month\'s rate and converts exactly that month\'s lines; bad values name their field; only finance and admins may', async () => {
    // JPY lines in two months before any demo rate; only July gets a rate.
    const csv = ['Date,Supplier,Amount,Currency', '2006-07-03,Yen Trading KK,123457,JPY', '2006-07-19,Yen Trading KK,-5001,JPY', '2006-07-31,Other Yen KK,77,JPY', '2006-08-01,Yen Trading KK,1000,JPY'].join('\n');
    const up = await fetch(`${server.url}/api/imports?fileName=yen.csv&sourceName=Yen ledger`, { method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: csv });
    const id = ((await up.json()) as { data: { id: string } }).data.id;
    await admin.ok(`mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [{ field: INVOICE_DATE, column: 0 }, { field: SUPPLIER_NAME, column: 1 }, { field: AMOUNT, column: 2 }, { field: CURRENCY, column: 3 }] }) { acceptedCount } }`, { id });
    await admin.ok(`mutation($id: ID!) { commitImport(id: $id) { id } }`, { id });
    const lines = () => server.store.query<{ d: string; amount: string; amount_reporting: string | null }>(
      sql`SELECT CAST(invoice_date AS VARCHAR) AS d, CAST(amount AS VARCHAR) AS amount, CAST(amount_reporting AS VARCHAR) AS amount_reporting
          FROM spend_lines WHERE import_batch_id = ${Number(id)} ORDER BY id`, { name: 'test.yenLines' });
    expect((await lines()).every((l) => l.amount_reporting === null)).toBe(true);

    const SET = `mutation($i: FxRateInput!) { setFxRate(input: $i) { rate { currency month rateToReporting } replaced linesConverted } }`;
    const finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
    for (const [rate, replaced] of [['0.006123', false], ['0.006250', true]] as const) {
      // Any day names its month; the currency is read in any case.
      const set = await finance.ok<{ setFxRate: unknown }>(SET, { i: { currency: 'jpy', month: '2006-07-15', rate } });
      expect(set.setFxRate).toEqual({ rate: { currency: 'JPY', month: '2006-07-01', rateToReporting: rate }, replaced, linesConverted: 3 });
      expect((await lines()).map((l) => l.amount_reporting)).toEqual((await lines()).map((l) => (l.d.startsWith('2006-07') ? converted(l.amount, rate) : null)));
    }
    const [event] = await server.store.query<{ entity_id: string; before: string; after: string }>(
      sql`SELECT entity_id, before, after FROM audit_events WHERE action = 'fx.set' ORDER BY id DESC LIMIT 1`, { name: 'test.fxAudit' });
    expect({ entity: event.entity_id, before: JSON.parse(event.before), after: JSON.parse(event.after) }).toEqual({ entity: 'JPY 2006-07', before: { rate: '0.006123' }, after: { rate: '0.006250', converted: 3 } });

    // Optimistic concurrency: the version seen decides; a stale one changes nothing and says what is there now.
    const listed = async () => (await finance.ok<{ fxRates: Array<{ id: string; version: number; rateToReporting: string; createdAt: string; updatedAt: string }> }>(
      `{ fxRates(currency: "JPY") { id version rateToReporting createdAt updatedAt month } }`)).fxRates.find((r) => r.id === 'JPY-2006-07')!;
    const seen = await listed();
    expect(seen).toMatchObject({ version: 2, rateToReporting: '0.006250' });
    expect(Date.parse(seen.createdAt)).toBeLessThanOrEqual(Date.parse(seen.updatedAt));
    const linesBefore = await lines();
    for (const version of [1, 0]) {
      const stale = await finance.errorCode(SET, { i: { currency: 'JPY', month: '2006-07-01', rate: '0.007', version } });
      expect({ code: stale.code, field: stale.extensions.field }).toEqual({ code: 'CONFLICT', field: 'input.version' });
      expect(stale.message).toContain('it is now 0.006250 EUR per 1 JPY (version 2)');
    }
    expect(await lines()).toEqual(linesBefore);
    expect(await listed()).toEqual(seen);
    const fresh = await finance.ok<{ setFxRate: { rate: { version: number; rateToReporting: string } } }>(SET.replace('rateToReporting', 'rateToReporting version'), { i: { currency: 'JPY', month: '2006-07-01', rate: '0.0063', version: 2 } });
    expect(fresh.setFxRate.rate).toEqual({ currency: 'JPY', month: '2006-07-01', rateToReporting: '0.006300', version: 3 });
    // A first rate for a month: version 0 says none was seen.
    const first = await finance.ok<{ setFxRate: { rate: { version: number }; replaced: boolean } }>(SET.replace('rateToReporting', 'rateToReporting version'), { i: { currency: 'JPY', month: '1999-01-01', rate: '0.0071', version: 0 } });
    expect(first.setFxRate).toMatchObject({ rate: { version: 1 }, replaced: false });
    expect((await finance.errorCode(SET, { i: { currency: 'JPY', month: '1999-01-01', rate: '0.0072', version: -1 } })).extensions.field).toBe('input.version');

    // Refused with the field at fault; nothing changes.
    for (const [i, field] of [
      [{ currency: 'YENS', month: '2006-08-01', rate: '0.0061' }, 'input.currency'],
      // Three letters, but no currency's code.
      [{ currency: 'QQQ', month: '2006-08-01', rate: '0.0061' }, 'input.currency'],
      [{ currency: 'JPY', month: '2006-08-01', rate: '0' }, 'input.rate'],
      [{ currency: 'JPY', month: '2006-08-01', rate: '0.0061234' }, 'input.rate'],
      [{ currency: 'EUR', month: '2006-08-01', rate: '1.1' }, 'input.currency'],
    ] as const) {
      const e = await finance.errorCode(SET, { i });
      expect({ code: e.code, field: e.extensions.field }).toEqual({ code: 'BAD_USER_INPUT', field });
    }
    expect((await lines()).filter((l) => l.d.startsWith('2006-08')).map((l) => l.amount_reporting)).toEqual([null]);
    for (const user of [DEMO.analyst, DEMO.catman]) {
      const other = await GraphQLClient.signedIn(server.url, user);
      expect((await other.errorCode(SET, { i: { currency: 'JPY', month: '2006-08-01', rate: '0.0061' } })).code).toBe('FORBIDDEN');
    }
    expect((await lines()).filter((l) => l.d.startsWith('2006-08')).map((l) => l.amount_reporting)).toEqual([null]);
  });
});

describe('taxonomy import', () => {
  it('adds and re-parents by code, computes levels and paths, and skips broken rows', async () => {
    const existing = (await server.store.query<{ code: string; name: string }>(sql`SELECT code, name FROM categories WHERE level = 1 ORDER BY id LIMIT 1`, { name: 't' }))[0];
    const csv = [
      'code,name,parent_code,naics_code',
      'ZZ,Test Segment,,',
      'ZZ.1,"Test Family, with comma",ZZ,',
      'ZZ.1.1,Test Class,ZZ.1,541511',
      'ZZ.1.1.1,Test Commodity,ZZ.1.1,',
      'ZZ.1.1.1.1,Too Deep,ZZ.1.1.1,',
      'ORPHAN,Orphan,NO.SUCH.PARENT,',
      'CYC.A,Cycle A,CYC.B,',
      'CYC.B,Cycle B,CYC.A,',
      `${existing.code},${existing.name} (renamed),,`,
    ].join('\n');
    const res = await post(admin, '/api/taxonomy', csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ added: 4, updated: 1 });
    expect(res.body.data!.problems.join('\n')).toMatch(/ZZ\.1\.1\.1\.1: .*level 5/);
    expect(res.body.data!.problems.join('\n')).toMatch(/ORPHAN: parent "NO\.SUCH\.PARENT"/);
    expect(res.body.data!.problems.join('\n')).toMatch(/CYC\.A: its parents form a cycle/);
    const rows = await server.store.query<{ code: string; name: string; level: number; l1: string | null; l2: string | null; l3: string | null; l4: string | null; naics_code: string | null }>(
      sql`SELECT c.code, c.name, c.level, a.code AS l1, b.code AS l2, d.code AS l3, e.code AS l4, c.naics_code FROM categories c
          LEFT JOIN categories a ON a.id = c.l1_id LEFT JOIN categories b ON b.id = c.l2_id LEFT JOIN categories d ON d.id = c.l3_id LEFT JOIN categories e ON e.id = c.l4_id
          WHERE c.code LIKE 'ZZ%' OR c.code IN ('ORPHAN', 'CYC.A', 'CYC.B') ORDER BY c.code`,
      { name: 't' },
    );
    expect(rows).toEqual([
      { code: 'ZZ', name: 'Test Segment', level: 1, l1: 'ZZ', l2: null, l3: null, l4: null, naics_code: null },
      { code: 'ZZ.1', name: 'Test Family, with comma', level: 2, l1: 'ZZ', l2: 'ZZ.1', l3: null, l4: null, naics_code: null },
      { code: 'ZZ.1.1', name: 'Test Class', level: 3, l1: 'ZZ', l2: 'ZZ.1', l3: 'ZZ.1.1', l4: null, naics_code: '541511' },
      { code: 'ZZ.1.1.1', name: 'Test Commodity', level: 4, l1: 'ZZ', l2: 'ZZ.1', l3: 'ZZ.1.1', l4: 'ZZ.1.1.1', naics_code: null },
    ]);
    // The directory is refreshed: the new top level shows in the API at once.
    const top = await admin.ok<{ categories: Array<{ code: string; name: string }> }>(`{ categories(level: 1) { code name } }`);
    expect(top.categories.map((c) => c.code)).toContain('ZZ');
    expect(top.categories.find((c) => c.code === existing.code)?.name).toBe(`${existing.name} (renamed)`);
    // The real UNSPSC v7 file as published: 20,789 codes in four levels.
    const unspscFile = join(DATASETS, 'taxonomy-unspsc-v7', 'unspsc_v7_0901_en.csv');
    const unspsc = readFileSync(unspscFile, 'utf8');
    const expected = unspsc.split(/\r?\n/).slice(1).filter((l) => l.trim()).length;
    const before = Number((await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM categories`, { name: 't' }))[0].n);
    const imported = await post(admin, '/api/taxonomy', unspsc);
    expect(imported.body.data).toMatchObject({ added: expected, updated: 0, problems: [] });
    const levels = await server.store.query<{ level: number; n: string }>(
      sql`SELECT level, COUNT(*) AS n FROM categories WHERE id > ${before + 20} GROUP BY level ORDER BY level`, { name: 't' },
    );
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3, 4]);
    const [commodity] = await server.store.query<{ path: string }>(
      sql`SELECT a.code || '>' || b.code || '>' || c.code || '>' || d.code AS path FROM categories d
          JOIN categories a ON a.id = d.l1_id JOIN categories b ON b.id = d.l2_id JOIN categories c ON c.id = d.l3_id WHERE d.code = '10101501'`,
      { name: 't' },
    );
    expect(commodity.path).toBe('10000000>10100000>10101500>10101501');
    const finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
    expect((await post(finance, '/api/taxonomy', 'code,name,parent_code\nQQ,Q,')).status).toBe(403);
    expect(server.loggedErrors).toEqual([]);
  });
});
