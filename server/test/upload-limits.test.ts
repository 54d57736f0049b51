import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { sleep } from './process.js';

/**
 * One user cannot hold the import folder with uploads in parallel (docs/request-limits.md): past
 * SPENDSCOPE_USER_UPLOADS streams at once, a further upload is refused at once with RATE_LIMITED
 * and nothing of it is written; other users upload meanwhile, and so does the user once one ends.
 */
let server: TestServer;
let finance: GraphQLClient;
let admin: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000, env: { SPENDSCOPE_USER_UPLOADS: '2' } });
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
});
afterAll(() => server?.close());

const HEADER = 'Date,Supplier,Amount\n';
const ROW = '2025-01-02,Upload Limits Ltd,10.00\n';

function post(client: GraphQLClient, fileName: string, body: BodyInit) {
  return fetch(`${server.url}/api/imports?fileName=${fileName}&sourceName=Upload%20limits`, {
    method: 'POST', headers: { cookie: client.sessionCookie, 'content-type': 'text/csv' }, body, duplex: 'half',
  } as RequestInit);
}

/** An upload that sends its header line, then holds the request open until `finish` is called. */
function heldUpload(client: GraphQLClient, fileName: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(HEADER));
      await finished;
      controller.enqueue(new TextEncoder().encode(ROW));
      controller.close();
    },
  });
  return { response: post(client, fileName, body), finish };
}

async function batchesNamed(...names: string[]): Promise<string[]> {
  const rows = await server.store.query<{ name: string }>(sql`SELECT file_name AS name FROM import_batches ORDER BY id`, { name: 'test.uploadBatches' });
  return rows.map((r) => r.name).filter((name) => names.includes(name));
}

describe('uploads at once, per user', () => {
  it('refuses a third upload while two stream, writes nothing of it, and lets others and later uploads through', async () => {
    const first = heldUpload(finance, 'held-1.csv');
    const second = heldUpload(finance, 'held-2.csv');
    // Both are counted once the server has made their batches.
    for (let tries = 0; (await batchesNamed('held-1.csv', 'held-2.csv')).length < 2; tries++) {
      expect(tries).toBeLessThan(500);
      await sleep(20);
    }

    const third = await post(finance, 'third.csv', HEADER + ROW);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    const refused = (await third.json()) as { errors: Array<{ message: string; extensions: { code: string; retryAfterSeconds: number } }> };
    expect(refused.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 5 });
    expect(refused.errors[0].message).toBe('You are already uploading 2 files. Wait for one of them to finish, then upload this one.');
    expect(await batchesNamed('third.csv')).toEqual([]);

    // A batch whose file is still arriving cannot be validated yet.
    const [{ id: heldId }] = await server.store.query<{ id: number }>(sql`SELECT id FROM import_batches WHERE file_name = 'held-1.csv'`, { name: 'test.heldBatch' });
    const early = await finance.request(`mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [], defaultCurrency: "EUR" }) { id } }`, { id: String(heldId) });
    expect(early.errors?.[0]?.extensions?.code).toBe('INVALID_STATE');
    expect(early.errors?.[0]?.message).toBe('held-1.csv has not arrived whole: if its upload stopped, discard this import and upload the file again.');

    // Another user is not held up by finance's uploads.
    expect((await post(admin, 'admin.csv', HEADER + ROW)).status).toBe(201);

    // Once one of the two ends, finance may upload again.
    first.finish();
    expect((await first.response).status).toBe(201);
    expect((await post(finance, 'after.csv', HEADER + ROW)).status).toBe(201);
    second.finish();
    expect((await second.response).status).toBe(201);
    expect((await batchesNamed('held-1.csv', 'held-2.csv', 'third.csv', 'admin.csv', 'after.csv')).sort()).toEqual(['admin.csv', 'after.csv', 'held-1.csv', 'held-2.csv']);
    expect(server.loggedErrors).toEqual([]);
  });

  it('an upload refused or failed ends its count: a user whose uploads all failed may upload again', async () => {
    // Two uploads of a file nobody can read (empty), one after the other, then a good one: none is held back.
    for (const name of ['empty-1.csv', 'empty-2.csv', 'empty-3.csv']) expect((await post(finance, name, '')).status).toBe(422);
    expect((await post(finance, 'good.csv', HEADER + ROW)).status).toBe(201);
  });
});
