import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import type { Row } from '../src/store/store.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Amounts are stored as DECIMAL(18,2), the amount as published and its value in the reporting
 * currency alike (docs/imports.md, "Amounts that do not fit"): a row whose amount, or amount × the
 * month's FX rate, reaches 10^16 is a row error at validation, never an overflow of the engine;
 * rows that each fit but add up to 10^16 refuse the validation (or the commit) with
 * BAD_USER_INPUT, and so does an FX rate that would take a line there, changing nothing.
 */
const BATCH = `query($id: ID!) { importBatch(id: $id) {
  status rowCount acceptedCount rejectedCount totalAmount totalsByCurrency { currency amount }
  problems(severity: "ERROR", page: { limit: 50 }) { totalCount nodes { rowNumber severity code column message rawValue } }
} }`;
const VALIDATE = `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { id status } }`;
const COMMIT = `mutation($id: ID!) { commitImport(id: $id) { id status totalAmount } }`;

interface Problem { rowNumber: number; severity: string; code: string; column: string | null; message: string; rawValue: string | null }
interface Batch {
  status: string; rowCount: number; acceptedCount: number; rejectedCount: number; totalAmount: string;
  totalsByCurrency: Array<{ currency: string; amount: string }>;
  problems: { totalCount: number; nodes: Problem[] };
}

let server: TestServer;
let finance: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
});
afterAll(() => server?.close());

/** Uploads a CSV as finance on this file's server, or as `as` on another. */
async function upload(text: string, fileName: string, sourceName = 'Amount limits', as = { url: server.url, client: finance }): Promise<string> {
  const res = await fetch(`${as.url}/api/imports?fileName=${encodeURIComponent(fileName)}&sourceName=${encodeURIComponent(sourceName)}`, {
    method: 'POST', headers: { cookie: as.client.sessionCookie, 'content-type': 'text/csv' }, body: text,
  });
  const body = (await res.json()) as { data?: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data!.id;
}

async function batch(id: string): Promise<Batch> {
  return (await finance.ok<{ importBatch: Batch }>(BATCH, { id })).importBatch;
}

describe('amounts that do not fit a stored amount are row errors, not internal errors', () => {
  it('an amount × FX rate of 10^16 or more is rejected at validation; the other rows commit to the cent', async () => {
    // 2005 is before any demo rate: CHF's only rate is this one. 1000.5 reporting units per franc.
    const rates = await fetch(`${server.url}/api/fx-rates`, {
      method: 'POST', headers: { cookie: finance.sessionCookie, 'content-type': 'text/csv' }, body: 'currency,month,rate\nCHF,2005-03,1000.5',
    });
    expect(rates.status).toBe(200);

    // Expected reporting amounts, worked out by hand (amount × 1000.5, half to even at the cent):
    // 1234.57 → 1235187.285 → 1235187.28; 9995002498750.62 → 9999999999999995.31 (the largest that fits);
    // 9995002498750.63 → 10000000000000005.32 (does not fit); 0.01 → 10.005 → 10.00.
    const csv = [
      'Date,Supplier,Amount,Currency',
      '2005-03-01,Alpha Ltd,1234.57,CHF',
      '2005-03-02,Beta Ltd,9995002498750.63,CHF',
      '2005-03-03,Gamma Ltd,9995002498750.62,CHF',
      '2005-03-04,Delta Ltd,-9995002498750.62,CHF',
      '2005-03-05,Epsilon Ltd,-9995002498750.63,CHF',
      '2005-03-06,Zeta Ltd,0.01,CHF',
      // In the reporting currency: the amount itself is the limit.
      '2005-03-07,Eta Ltd,9999999999999999.99,EUR',
      '2005-03-08,Theta Ltd,-9999999999999999.99,EUR',
      '2005-03-09,Iota Ltd,10000000000000000.00,EUR',
      '2005-03-10,Kappa Ltd,"9,999,999,999,999,999.995",EUR',
    ].join('\n');
    const id = await upload(csv, 'amount-limits.csv');
    const mapping = {
      columns: [{ field: 'INVOICE_DATE', column: 0 }, { field: 'SUPPLIER_NAME', column: 1 }, { field: 'AMOUNT', column: 2 }, { field: 'CURRENCY', column: 3 }],
    };
    const validated = await finance.request<{ validateImport: { status: string } }>(VALIDATE, { id, m: mapping });
    expect(validated.errors, `${JSON.stringify(validated.errors)} ${server.loggedErrors.join('\n')}`).toBeUndefined();
    expect(validated.data?.validateImport.status).toBe('VALIDATED');

    const b = await batch(id);
    expect(b).toMatchObject({ status: 'VALIDATED', rowCount: 10, acceptedCount: 6, rejectedCount: 4, totalAmount: '1235197.28' });
    expect(b.totalsByCurrency).toEqual([
      { currency: 'CHF', amount: '1234.58' },
      { currency: 'EUR', amount: '0.00' },
    ]);
    const errors = b.problems.nodes;
    expect(errors.map((p) => [p.rowNumber, p.code, p.column, p.rawValue])).toEqual([
      [3, 'REPORTING_AMOUNT_TOO_LARGE', 'Amount', '9995002498750.63'],
      [6, 'REPORTING_AMOUNT_TOO_LARGE', 'Amount', '-9995002498750.63'],
      [10, 'AMOUNT_INVALID', 'Amount', '10000000000000000.00'],
      [11, 'AMOUNT_INVALID', 'Amount', '9,999,999,999,999,999.995'],
    ]);
    // The message says what the amount came to, at which rate, and what the limit is.
    expect(errors[0].message).toBe(
      '9995002498750.63 CHF at the 2005-03 rate of 1000.500000 is 10000000000000005.32 EUR, too large to store (amounts are stored up to ±9999999999999999.99).',
    );
    expect(errors[1].message).toContain('is -10000000000000005.32 EUR, too large to store');
    expect(errors[2].message).toBe('"10000000000000000.00" is too large (amounts are stored up to ±9999999999999999.99).');

    const committed = (await finance.ok<{ commitImport: { status: string; totalAmount: string } }>(COMMIT, { id })).commitImport;
    expect(committed).toEqual({ id, status: 'COMMITTED', totalAmount: '1235197.28' });
    const lines = await server.store.query<{ raw_supplier_name: string; amount: string; currency: string; amount_reporting: string }>(
      sql`SELECT raw_supplier_name, CAST(amount AS VARCHAR) AS amount, currency, CAST(amount_reporting AS VARCHAR) AS amount_reporting
          FROM spend_lines WHERE import_batch_id = ${Number(id)} ORDER BY invoice_date`,
      { name: 'test.amountLimitLines' },
    );
    expect(lines.map((l) => [l.raw_supplier_name, l.amount, l.currency, l.amount_reporting])).toEqual([
      ['Alpha Ltd', '1234.57', 'CHF', '1235187.28'],
      ['Gamma Ltd', '9995002498750.62', 'CHF', '9999999999999995.31'],
      ['Delta Ltd', '-9995002498750.62', 'CHF', '-9999999999999995.31'],
      ['Zeta Ltd', '0.01', 'CHF', '10.00'],
      ['Eta Ltd', '9999999999999999.99', 'EUR', '9999999999999999.99'],
      ['Theta Ltd', '-9999999999999999.99', 'EUR', '-9999999999999999.99'],
    ]);
    expect(server.loggedErrors).toEqual([]);
  });
});

/** Rows of the store, as text, for comparing with what a refused request must have left. */
async function rows<T extends Row>(text: ReturnType<typeof sql>): Promise<T[]> {
  return server.store.query<T>(text, { name: 'test.amountLimitRows' });
}

async function staged(id: string) {
  const [r] = await rows<{ n: string; amounts: string | null; problems: string }>(
    sql`SELECT COUNT(*) AS n, STRING_AGG(CAST(amount AS VARCHAR), ' ' ORDER BY row_number) AS amounts,
          (SELECT COUNT(*) FROM import_problems p WHERE p.batch_id = ${Number(id)}) AS problems
        FROM import_rows WHERE batch_id = ${Number(id)}`,
  );
  return { rows: Number(r.n), amounts: r.amounts, problems: Number(r.problems) };
}

describe('a batch whose accepted rows add up to 10^16 or more is refused, not an internal error', () => {
  const tooLarge = (total: string, what = 'The accepted rows', advice = 'Split the file into smaller files and import each of them.') =>
    `${what} add up to ${total} EUR, more than an import's total can be stored as (amounts are stored up to ±9999999999999999.99). ${advice}`;

  it('at validation: BAD_USER_INPUT, and the batch stays as it was, UPLOADED or VALIDATED, staging and all', async () => {
    // Every amount fits; the Large column adds up to 10^16 exactly (one cent more than the
    // largest total), the Negative one to -10^16, the Small one to 123.46.
    const csv = [
      'Date,Supplier,Small,Large,Negative',
      '2006-02-01,Total One Ltd,100.00,5000000000000000.00,-5000000000000000.00',
      '2006-02-02,Total Two Ltd,23.45,4999999999999999.99,-4999999999999999.99',
      '2006-02-03,Total Three Ltd,0.01,0.01,-0.01',
    ].join('\n');
    const id = await upload(csv, 'batch-total.csv');
    const mapping = (amount: number) => ({
      columns: [{ field: 'INVOICE_DATE', column: 0 }, { field: 'SUPPLIER_NAME', column: 1 }, { field: 'AMOUNT', column: amount }],
      defaultCurrency: 'EUR',
    });
    const uploaded = await batch(id);
    expect(uploaded.status).toBe('UPLOADED');

    const refused = await finance.request(VALIDATE, { id, m: mapping(3) });
    expect(refused.errors?.map((e) => [e.extensions?.code, e.extensions?.field, e.message]), server.loggedErrors.join('\n')).toEqual([
      ['BAD_USER_INPUT', 'id', tooLarge('10000000000000000.00')],
    ]);
    expect(refused.errors![0].extensions).toMatchObject({ total: '10000000000000000.00', limit: '9999999999999999.99' });
    // Nothing of the refused validation is left: the batch is still only uploaded, nothing staged.
    expect(await batch(id)).toEqual(uploaded);
    expect(await staged(id)).toEqual({ rows: 0, amounts: null, problems: 0 });
    expect(await rows(sql`SELECT batch_id FROM import_jobs WHERE batch_id = ${Number(id)}`)).toEqual([]);

    // The same file validates with amounts that add up to a total that fits...
    expect((await finance.ok<{ validateImport: { status: string } }>(VALIDATE, { id, m: mapping(2) })).validateImport.status).toBe('VALIDATED');
    const validated = await batch(id);
    expect(validated).toMatchObject({ status: 'VALIDATED', rowCount: 3, acceptedCount: 3, rejectedCount: 0, totalAmount: '123.46' });
    expect(await staged(id)).toEqual({ rows: 3, amounts: '100.00 23.45 0.01', problems: 0 });

    // ...and validating it again into a total too small to store leaves that validation in place.
    const again = await finance.request(VALIDATE, { id, m: mapping(4) });
    expect(again.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['BAD_USER_INPUT', tooLarge('-10000000000000000.00')]]);
    expect(await batch(id)).toEqual(validated);
    expect(await staged(id)).toEqual({ rows: 3, amounts: '100.00 23.45 0.01', problems: 0 });

    const committed = (await finance.ok<{ commitImport: { status: string; totalAmount: string } }>(COMMIT, { id })).commitImport;
    expect(committed).toEqual({ id, status: 'COMMITTED', totalAmount: '123.46' });
    const lines = await rows<{ amount: string; amount_reporting: string }>(
      sql`SELECT CAST(amount AS VARCHAR) AS amount, CAST(amount_reporting AS VARCHAR) AS amount_reporting FROM spend_lines
          WHERE import_batch_id = ${Number(id)} ORDER BY invoice_date`,
    );
    expect(lines).toEqual([{ amount: '100.00', amount_reporting: '100.00' }, { amount: '23.45', amount_reporting: '23.45' }, { amount: '0.01', amount_reporting: '0.01' }]);
    expect(server.loggedErrors).toEqual([]);
  });

  it('at commit: rows an earlier file delivered are left out, so the lines added can add up to too much; the commit writes nothing', async () => {
    const source = 'Amount limits (references)';
    const mapping = {
      columns: [{ field: 'SOURCE_REF', column: 0 }, { field: 'INVOICE_DATE', column: 1 }, { field: 'SUPPLIER_NAME', column: 2 }, { field: 'AMOUNT', column: 3 }],
      defaultCurrency: 'EUR',
    };
    const header = 'Ref,Date,Supplier,Amount';
    const credit = 'R1,2006-05-01,Reference Ltd,-5000000000000000.00';
    const first = await upload([header, credit].join('\n'), 'references-1.csv', source);
    await finance.ok(VALIDATE, { id: first, m: mapping });
    expect((await finance.ok<{ commitImport: { totalAmount: string } }>(COMMIT, { id: first })).commitImport.totalAmount).toBe('-5000000000000000.00');

    // The credit again (already imported) and two payments: 9 × 10^15 validated, 1.4 × 10^16 to add.
    const id = await upload([header, credit, 'R2,2006-05-02,Reference Ltd,7000000000000000.00', 'R3,2006-05-03,Reference Ltd,7000000000000000.00'].join('\n'), 'references-2.csv', source);
    await finance.ok(VALIDATE, { id, m: mapping });
    const validated = await batch(id);
    expect(validated).toMatchObject({ status: 'VALIDATED', acceptedCount: 3, totalAmount: '9000000000000000.00' });
    const linesBefore = await rows<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines`);

    const refused = await finance.request(COMMIT, { id });
    expect(refused.errors?.map((e) => [e.extensions?.code, e.message]), server.loggedErrors.join('\n')).toEqual([[
      'BAD_USER_INPUT',
      tooLarge('14000000000000000.00', `The 2 lines this import would add (rows already imported from ${source} left out)`,
        'Discard this import, split the file into smaller files and import each of them.'),
    ]]);
    expect(await batch(id)).toEqual(validated);
    expect(await rows(sql`SELECT COUNT(*) AS n FROM spend_lines`)).toEqual(linesBefore);
    expect(await staged(id)).toEqual({ rows: 3, amounts: '-5000000000000000.00 7000000000000000.00 7000000000000000.00', problems: 0 });
    expect(await rows(sql`SELECT batch_id FROM import_jobs WHERE batch_id = ${Number(id)}`)).toEqual([]);
    // It can still be discarded, like any validated import.
    const discarded = await finance.ok<{ discardImport: { status: string } }>(`mutation($id: ID!) { discardImport(id: $id) { status } }`, { id });
    expect(discarded.discardImport.status).toBe('DISCARDED');
    expect(server.loggedErrors).toEqual([]);
  });
});

describe('an FX rate added later converts lines exactly at any size, and one that would overflow a line is refused', () => {
  async function postRates(body: string) {
    const res = await fetch(`${server.url}/api/fx-rates`, { method: 'POST', headers: { cookie: finance.sessionCookie, 'content-type': 'text/csv' }, body });
    return {
      status: res.status,
      body: (await res.json()) as { data?: { added: number; updated: number; linesConverted: number; problems: string[] }; errors?: Array<{ message: string; extensions: Record<string, unknown> }> },
    };
  }
  const state = async (id: string) => ({
    rates: await rows<{ currency: string; month: string; rate: string }>(
      sql`SELECT currency, CAST(month AS VARCHAR) AS month, CAST(rate_to_reporting AS VARCHAR) AS rate FROM fx_rates
          WHERE month >= CAST('2005-07-01' AS DATE) AND month < CAST('2005-10-01' AS DATE) ORDER BY currency, month`,
    ),
    lines: await rows<{ id: string; amount: string; amount_reporting: string | null }>(
      sql`SELECT CAST(id AS VARCHAR) AS id, CAST(amount AS VARCHAR) AS amount, CAST(amount_reporting AS VARCHAR) AS amount_reporting FROM spend_lines
          WHERE import_batch_id = ${Number(id)} ORDER BY id`,
    ),
  });

  it('lines convert exactly at any size (DuckDB overflowed from amount × rate = 10^8); a result of 10^16 or more is BAD_USER_INPUT and changes nothing', async () => {
    // 2005-07 and 2005-08 are before any demo rate: the lines arrive without a reporting amount.
    const csv = [
      'Date,Supplier,Amount,Currency',
      '2005-07-01,Fx Large Ltd,8999999999999999.99,GBP',
      '2005-07-02,Fx Large Ltd,-8999999999999999.99,GBP',
      '2005-07-03,Fx Tie Ltd,0.05,GBP',
      '2005-07-04,Fx Tie Ltd,0.15,GBP',
      '2005-08-01,Fx Billions Ltd,10000000000.00,GBP',
      '2005-08-02,Fx Millions Ltd,100000000.00,GBP',
      '2005-08-03,Fx Small Ltd,1234.56,GBP',
    ].join('\n');
    const id = await upload(csv, 'fx-later.csv', 'Amount limits (rates later)');
    const mapping = { columns: [{ field: 'INVOICE_DATE', column: 0 }, { field: 'SUPPLIER_NAME', column: 1 }, { field: 'AMOUNT', column: 2 }, { field: 'CURRENCY', column: 3 }] };
    await finance.ok(VALIDATE, { id, m: mapping });
    await finance.ok(COMMIT, { id });
    const before = await state(id);
    expect(before.rates).toEqual([]);
    expect(before.lines.map((l) => l.amount_reporting)).toEqual([null, null, null, null, null, null, null]);

    // At 1.17 the two large lines would come to ±10529999999999999.99 EUR: the whole file of rates is refused.
    const refused = await postRates('currency,month,rate\nGBP,2005-07,1.17\nGBP,2005-08,1.17\nCHF,2005-09,1.05');
    expect(refused.status, `${JSON.stringify(refused.body)} ${server.loggedErrors.join("\n")}`).toBe(400);
    expect(refused.body.errors?.map((e) => [e.extensions.code, e.extensions.field, e.extensions.lines, e.extensions.rates])).toEqual([
      ['BAD_USER_INPUT', 'rate', 2, [{ currency: 'GBP', month: '2005-07' }]],
    ]);
    expect(refused.body.errors![0].message).toBe(
      `2 lines would be too large to store in EUR at the new rates (amounts are stored up to ±9999999999999999.99), e.g. line ${before.lines[0].id}: ` +
        '8999999999999999.99 GBP on 2005-07-01 at the 2005-07 rate of 1.170000 is 10529999999999999.99 EUR. ' +
        'Lines by rate: GBP 2005-07: 2. No rate was changed; check those rates.',
    );
    expect(await state(id)).toEqual(before);

    // At 1.1 every line fits, converted to the cent (half to even), the largest included.
    const added = await postRates('currency,month,rate\nGBP,2005-07,1.1\nGBP,2005-08,1.17');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ added: 2, updated: 0, linesConverted: 7, problems: [] });
    const after = await state(id);
    expect(after.rates).toEqual([{ currency: 'GBP', month: '2005-07-01', rate: '1.100000' }, { currency: 'GBP', month: '2005-08-01', rate: '1.170000' }]);
    // By hand: 8999999999999999.99 × 1.1 = 9899999999999999.989; 0.05 × 1.1 = 0.055 → 0.06 and
    // 0.15 × 1.1 = 0.165 → 0.16 (ties to the even cent); 1234.56 × 1.17 = 1444.4352.
    expect(after.lines.map((l) => [l.amount, l.amount_reporting])).toEqual([
      ['8999999999999999.99', '9899999999999999.99'],
      ['-8999999999999999.99', '-9899999999999999.99'],
      ['0.05', '0.06'],
      ['0.15', '0.16'],
      ['10000000000.00', '11700000000.00'],
      ['100000000.00', '117000000.00'],
      ['1234.56', '1444.44'],
    ]);

    // Changing a rate is checked the same way: refused, the old rate and amounts stay.
    const changed = await postRates('currency,month,rate\nGBP,2005-07,1.2');
    expect(changed.status, JSON.stringify(changed.body)).toBe(400);
    expect(changed.body.errors?.[0].message).toContain('2 lines would be too large to store in EUR at the new rates');
    expect(changed.body.errors?.[0].message).toContain('at the 2005-07 rate of 1.200000 is 10799999999999999.99 EUR');
    expect(await state(id)).toEqual(after);
    expect(server.loggedErrors).toEqual([]);
  });
});

describe('a file with more rows than one import takes', () => {
  const LIMIT = 120;
  let small: TestServer;
  let clerk: GraphQLClient;
  beforeAll(async () => {
    small = await startTestServer({ lines: 10_000, env: { SPENDSCOPE_IMPORT_MAX_ROWS: String(LIMIT) } });
    clerk = await GraphQLClient.signedIn(small.url, DEMO.finance);
  });
  afterAll(() => small?.close());

  const csv = (rows: number) =>
    ['Date,Supplier,Amount', ...Array.from({ length: rows }, (_, i) => `2025-03-${String(1 + (i % 28)).padStart(2, '0')},Row Limit Supplier ${i % 7} Ltd,${i + 1}.25`)].join('\n');
  const mapping = { columns: [{ field: 'INVOICE_DATE', column: 0 }, { field: 'SUPPLIER_NAME', column: 1 }, { field: 'AMOUNT', column: 2 }], defaultCurrency: 'EUR' };
  const send = (rows: number) => upload(csv(rows), `rows-${rows}.csv`, 'Row limit', { url: small.url, client: clerk });
  const staged = async (id: string) =>
    Number((await small.store.query<{ n: string }>(sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM import_rows WHERE batch_id = ${Number(id)}`, { name: 't.staged' }))[0].n);

  it('is refused at validation with a message saying the limit and what to do, staging nothing; a file at the limit validates and commits', async () => {
    const over = await send(LIMIT + 1);
    const refused = await clerk.errorCode(VALIDATE, { id: over, m: mapping });
    expect(refused.code).toBe('BAD_USER_INPUT');
    expect(refused.message).toBe(`The file has more than ${LIMIT} rows, the most one import takes. Split it into files of at most ${LIMIT} rows and import each of them.`);
    expect(refused.extensions).toMatchObject({ field: 'id', limit: LIMIT });
    const after = (await clerk.ok<{ importBatch: { status: string; rowCount: number } }>(`query($id: ID!) { importBatch(id: $id) { status rowCount } }`, { id: over })).importBatch;
    expect(after).toEqual({ status: 'UPLOADED', rowCount: 0 });
    expect(await staged(over)).toBe(0);

    const at = await send(LIMIT);
    expect((await clerk.ok<{ validateImport: { status: string } }>(VALIDATE, { id: at, m: mapping })).validateImport.status).toBe('VALIDATED');
    expect(await staged(at)).toBe(LIMIT);
    // Expected total from the rows written above: 1.25 + 2.25 + … + LIMIT.25.
    const cents = Array.from({ length: LIMIT }, (_, i) => (i + 1) * 100 + 25).reduce((a, b) => a + b, 0);
    const committed = (await clerk.ok<{ commitImport: { status: string; totalAmount: string } }>(COMMIT, { id: at })).commitImport;
    expect(committed).toMatchObject({ status: 'COMMITTED', totalAmount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` });
    expect(small.loggedErrors).toEqual([]);
  });
});
