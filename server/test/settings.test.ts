import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;

// Every value differs from its default, so a resolver answering defaults would fail.
beforeAll(async () => {
  server = await startTestServer({
    lines: 10_000,
    asOf: '2026-03-15',
    importMaxMb: 7,
    env: {
      SPENDSCOPE_REPORTING_CURRENCY: 'gbp', SPENDSCOPE_FISCAL_YEAR_START_MONTH: '4', SPENDSCOPE_EXPIRY_WARNING_DAYS: '45',
      SPENDSCOPE_PAGE_SIZE_DEFAULT: '20', SPENDSCOPE_PAGE_SIZE_MAX: '600', SPENDSCOPE_CUBE_ROWS_DEFAULT: '300', SPENDSCOPE_CUBE_ROWS_MAX: '2000',
    },
  });
});
afterAll(() => server?.close());

const settingsQuery = `{ settings { reportingCurrency fiscalYearStartMonth asOfDate expiryWarningDays pageDefault pageMax cubeDefaultRows cubeMaxRows importMaxBytes } }`;

describe('settings', () => {
  it('reflect the server configuration for any signed-in role', async () => {
    const expected = {
      reportingCurrency: 'GBP',
      fiscalYearStartMonth: 4,
      asOfDate: '2026-03-15',
      expiryWarningDays: 45,
      pageDefault: 20,
      pageMax: 600,
      cubeDefaultRows: 300,
      cubeMaxRows: 2000,
      importMaxBytes: 7 * 1024 * 1024,
    };
    for (const email of [DEMO.admin, DEMO.viewer]) {
      const client = await GraphQLClient.signedIn(server.url, email);
      expect(await client.ok(settingsQuery)).toEqual({ settings: expected });
    }
  });

  it('are the limits the API applies: cube rows and page sizes', async () => {
    const client = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    type Cube = { spendCube: { rows: unknown[]; truncated: boolean } };
    const cube = (limit: string) => client.ok<Cube>(`{ spendCube(query: { dimensions: [SUPPLIER, MONTH], measures: [SPEND]${limit} }) { rows { values } truncated } }`);
    const all = (await cube(', limit: 2000')).spendCube;
    const byDefault = (await cube('')).spendCube;
    expect(all.rows.length).toBeGreaterThan(300);
    expect({ rows: byDefault.rows.length, truncated: byDefault.truncated }).toEqual({ rows: 300, truncated: true });
    expect(await client.errorCode(`{ spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND], limit: 2001 }) { truncated } }`)).toMatchObject({ code: 'QUERY_TOO_COMPLEX', extensions: { limit: 'rows', max: 2000 } });
    const page = await client.ok<{ suppliers: { nodes: unknown[]; totalCount: number } }>(`{ suppliers { nodes { supplier { id } } totalCount } }`);
    expect(page.suppliers.totalCount).toBeGreaterThan(20);
    expect(page.suppliers.nodes).toHaveLength(20);
    expect((await client.ok<{ suppliers: { nodes: unknown[] } }>(`{ suppliers(page: { limit: 600 }) { nodes { supplier { id } } } }`)).suppliers.nodes.length).toBeGreaterThan(500);
    expect(await client.errorCode(`{ suppliers(page: { limit: 601 }) { totalCount } }`)).toMatchObject({ code: 'BAD_USER_INPUT', message: 'page.limit must be from 1 to 600.' });
  });

  it('agree with the currency the spend cube reports in', async () => {
    const client = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    const data = await client.ok<{ settings: { reportingCurrency: string }; spendSummary: { currency: string } }>(
      `{ settings { reportingCurrency } spendSummary { currency } }`,
    );
    expect(data.settings.reportingCurrency).toBe(data.spendSummary.currency);
  });

  it('answer UNAUTHENTICATED without a session', async () => {
    expect((await new GraphQLClient(server.url).errorCode(settingsQuery)).code).toBe('UNAUTHENTICATED');
  });
});
