import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rematchSpendLines } from '../src/modules/contracts/contracts.service.js';
import { sql } from '../src/store/sql.js';
import { startTestServer, type TestServer } from './harness.js';

// The demo as each engine seeds it (docs/postgres.md, "Seeding"): on PostgreSQL the lines are
// matched to contracts and keyed before they are stored, on DuckDB after; either way they must be
// what the rules make them.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
});
afterAll(() => server?.close());

describe('the seeded demo', () => {
  it('is matched to contracts by the one rule: matching every line again changes none', async () => {
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines WHERE contract_id IS NOT NULL`, { name: 't.onContract' });
    // Most demo spend is on contract; a seed that skipped the match would have none.
    expect(Number(n)).toBeGreaterThan(3_000);
    const changed = await server.store.transaction((tx) => rematchSpendLines(tx, { lines: sql`TRUE` }));
    expect(changed).toBe(0);
  });

  it("gives every line its description's item key", async () => {
    const rows = await server.store.query<{ description: string | null; item_key: string | null }>(
      sql`SELECT description, item_key FROM spend_lines ORDER BY id`, { name: 't.itemKeys' });
    expect(rows).toHaveLength(10_000);
    const wrong = rows.filter((r) => r.item_key !== (r.description === null ? null : r.description.trim().toLowerCase()));
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(rows.filter((r) => r.item_key !== null).length).toBeGreaterThan(9_000);
  });
});
