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
    env: { SPENDSCOPE_REPORTING_CURRENCY: 'gbp', SPENDSCOPE_FISCAL_YEAR_START_MONTH: '4', SPENDSCOPE_EXPIRY_WARNING_DAYS: '45' },
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
      pageDefault: 50,
      pageMax: 500,
      cubeDefaultRows: 10_000,
      cubeMaxRows: 50_000,
      importMaxBytes: 7 * 1024 * 1024,
    };
    for (const email of [DEMO.admin, DEMO.viewer]) {
      const client = await GraphQLClient.signedIn(server.url, email);
      expect(await client.ok(settingsQuery)).toEqual({ settings: expected });
    }
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
