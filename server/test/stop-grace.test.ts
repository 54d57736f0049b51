import { describe, expect, it } from 'vitest';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer } from './harness.js';
import { sleep } from './process.js';

// A stop (docs/durability.md, "Stopping") on the backend the tests were given.
describe('a stop whose grace period runs out', () => {
  it('cancels the statements still running and answers them "try again", not a server error', async () => {
    const server = await startTestServer({ lines: 10_000 });
    let closed = false;
    try {
      // The rollups' first build runs in the background at start: wait it out, so the statement counted below is the summary's.
      expect(await server.settleRollups()).toBe(true);
      const admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
      server.slowStatements.add('spend.summary'); // minutes of real work, unless interrupted
      const pending = admin.request(`{ spendSummary { totalSpend } }`);
      while (server.store.statementStats().active === 0) await sleep(20);
      await server.close(300);
      closed = true;
      const res = await pending;
      expect(res.errors?.[0]?.extensions?.code, JSON.stringify(res)).toBe('RATE_LIMITED');
      expect(res.errors?.[0]?.extensions?.retryAfterSeconds).toBe(1);
      expect(server.loggedErrors).toEqual([]);
    } finally {
      if (!closed) await server.close();
    }
  });
});
