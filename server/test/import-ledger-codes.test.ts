import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { COMMIT, VALIDATE } from './import-steps.js';

// An import names GL accounts the ledger does not know: they become accounts (docs/imports.md,
// "GL accounts"), so rules, filters and the classifier can use them. Expectations from the file.

let server: TestServer;
let finance: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
});
afterAll(() => server?.close());

describe('GL accounts and cost centres in an import', () => {
  it('creates each unknown GL account and cost centre once (ignoring case), links every line, and leaves known and over-long codes as they were', async () => {
    const [known] = await server.store.query<{ id: number; code: string }>(sql`SELECT id, code FROM gl_accounts ORDER BY id LIMIT 1`, { name: 't' });
    const tooLong = 'X'.repeat(40);
    const rows = [
      ['2025-03-01', 'Ledger Test One Ltd', '10.00', 'E-4410', 'CC-900'],
      ['2025-03-02', 'Ledger Test One Ltd', '20.00', 'e-4410', 'cc-900'],
      ['2025-03-03', 'Ledger Test Two Ltd', '30.00', ' E-4411 ', ''],
      ['2025-03-04', 'Ledger Test Two Ltd', '40.00', known.code.toLowerCase(), 'CC-901'],
      ['2025-03-05', 'Ledger Test Two Ltd', '50.00', tooLong, tooLong],
      ['2025-03-06', 'Ledger Test Two Ltd', '60.00', '', ''],
    ];
    const body = ['Date,Supplier,Amount,Account,Centre', ...rows.map((r) => r.join(','))].join('\n');
    const centresBefore = await server.store.query<{ n: string }>(sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM cost_centers`, { name: 't' });
    const before = await server.store.query<{ n: string }>(sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM gl_accounts`, { name: 't' });
    const up = await fetch(`${server.url}/api/imports?fileName=ledger.csv&sourceName=Ledger test`, {
      method: 'POST', headers: { cookie: finance.sessionCookie, 'content-type': 'text/csv' }, body,
    });
    expect(up.status).toBe(201);
    const id = ((await up.json()) as { data: { id: string } }).data.id;
    await finance.ok(VALIDATE, { id, m: { columns: [{ field: 'INVOICE_DATE', column: 0 }, { field: 'SUPPLIER_NAME', column: 1 }, { field: 'AMOUNT', column: 2 }, { field: 'GL_ACCOUNT', column: 3 }, { field: 'COST_CENTER', column: 4 }], defaultCurrency: 'EUR' } });
    await finance.ok(COMMIT, { id });

    const after = await server.store.query<{ n: string }>(sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM gl_accounts`, { name: 't' });
    // E-4410 and E-4411: the known code, the blank and the over-long one add nothing.
    expect(Number(after[0].n) - Number(before[0].n)).toBe(2);
    const lines = await server.store.query<{ amount: string; code: string | null }>(
      sql`SELECT CAST(s.amount AS VARCHAR) AS amount, g.code FROM spend_lines s LEFT JOIN gl_accounts g ON g.id = s.gl_account_id
          WHERE s.import_batch_id = ${Number(id)} ORDER BY s.amount`,
      { name: 't' },
    );
    const codeOf = Object.fromEntries(lines.map((l) => [l.amount, l.code]));
    expect(codeOf['10.00']?.toLowerCase()).toBe('e-4410');
    expect(codeOf['20.00']).toBe(codeOf['10.00']);
    expect(codeOf['30.00']).toBe('E-4411');
    expect(codeOf['40.00']).toBe(known.code);
    expect(codeOf['50.00']).toBeNull();
    expect(codeOf['60.00']).toBeNull();

    // Cost centres likewise: CC-900 and CC-901, each in the unit its lines got.
    const centresAfter = await server.store.query<{ n: string }>(sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM cost_centers`, { name: 't' });
    expect(Number(centresAfter[0].n) - Number(centresBefore[0].n)).toBe(2);
    const centres = await server.store.query<{ amount: string; code: string | null; line_unit: number; centre_unit: number | null }>(
      sql`SELECT CAST(s.amount AS VARCHAR) AS amount, c.code, s.business_unit_id AS line_unit, c.business_unit_id AS centre_unit
          FROM spend_lines s LEFT JOIN cost_centers c ON c.id = s.cost_center_id WHERE s.import_batch_id = ${Number(id)} ORDER BY s.amount`,
      { name: 't' },
    );
    const centreOf = Object.fromEntries(centres.map((l) => [l.amount, l]));
    expect(centreOf['10.00'].code?.toLowerCase()).toBe('cc-900');
    expect(centreOf['20.00'].code).toBe(centreOf['10.00'].code);
    expect(centreOf['40.00'].code).toBe('CC-901');
    expect(centreOf['10.00'].centre_unit).toBe(centreOf['10.00'].line_unit);
    for (const amount of ['30.00', '50.00', '60.00']) expect(centreOf[amount].code).toBeNull();
  });
});
