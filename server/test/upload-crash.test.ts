import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CUT_OFF_UPLOAD } from '../src/modules/imports/imports.service.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { testBackend } from './harness.js';
import { createPgDatabase } from './pg-databases.js';
import { kill9, sleep, spawnServer, type ServerProcess } from './process.js';

/**
 * A server killed while a file is being uploaded (docs/imports.md, "How a file is validated and
 * committed"): the next start marks the batch FAILED with the reason and removes the part of the
 * file that arrived, so the history never shows an import that can neither be validated nor finish.
 */
const dir = mkdtempSync(join(tmpdir(), 'spendscope-upload-crash-'));
const servers: ServerProcess[] = [];
let database: Awaited<ReturnType<typeof createPgDatabase>> | null = null;

afterAll(async () => {
  for (const server of servers) await kill9(server);
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = spawnServer(join(dir, 'spendscope.duckdb'), env);
  servers.push(server);
  return { server, url: await server.ready(120_000) };
}

describe('an upload cut off by a killed server', () => {
  it('is FAILED with the reason after the restart, and its partial file is gone', async () => {
    database = testBackend() === 'postgres' ? await createPgDatabase() : null;
    const env: Record<string, string> = database ? { SPENDSCOPE_DATABASE_URL: database.url } : {};
    const first = await start(env);
    const finance = await GraphQLClient.signedIn(first.url, DEMO.finance);

    // A file whose first rows arrive, then nothing more: the client holds the request open.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Date,Supplier,Amount\n' + '2025-01-02,Cut Off Ltd,10.00\n'.repeat(1000)));
      },
    });
    const upload = fetch(`${first.url}/api/imports?fileName=cut-off.csv&sourceName=Cut%20off`, {
      method: 'POST', headers: { cookie: finance.sessionCookie, 'content-type': 'text/csv' }, body, duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    const list = `{ importBatches(page: { limit: 50 }) { nodes { id fileName status failure } } }`;
    type Listed = { importBatches: { nodes: Array<{ id: string; fileName: string; status: string; failure: string | null }> } };
    let id: string | undefined;
    for (let tries = 0; !id; tries++) {
      expect(tries).toBeLessThan(500);
      id = (await finance.ok<Listed>(list)).importBatches.nodes.find((b) => b.fileName === 'cut-off.csv')?.id;
      if (!id) await sleep(20);
    }
    const partial = join(dir, 'uploads', `${id}.upload`);
    for (let tries = 0; !existsSync(partial); tries++) {
      expect(tries).toBeLessThan(500);
      await sleep(20);
    }
    expect((await finance.ok<Listed>(list)).importBatches.nodes.find((b) => b.id === id)?.status).toBe('UPLOADED');

    await kill9(first.server);
    expect(await upload).toBeInstanceOf(Error); // the client sees its request fail, never a 201
    if (database) {
      // Processes that share PostgreSQL leave a recent one alone (another may be receiving it):
      // this one was made two days ago.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`UPDATE import_batches SET created_at = created_at - INTERVAL '2 days' WHERE id = $1`, [Number(id)]);
      await client.end();
    }

    const second = await start(env);
    const again = await GraphQLClient.signedIn(second.url, DEMO.finance);
    const batch = (await again.ok<Listed>(list)).importBatches.nodes.find((b) => b.id === id);
    expect(batch).toEqual({ id, fileName: 'cut-off.csv', status: 'FAILED', failure: CUT_OFF_UPLOAD });
    expect(existsSync(partial)).toBe(false);
    // And it says so in the audit log, as a refused upload does.
    const { auditEvents } = await (await GraphQLClient.signedIn(second.url, DEMO.admin)).ok<{ auditEvents: { nodes: Array<{ action: string; entityId: string | null }> } }>(
      `{ auditEvents(filter: { action: "import.upload" }, page: { limit: 50 }) { nodes { action entityId } } }`);
    expect(auditEvents.nodes.filter((e) => e.entityId === id)).toHaveLength(1);
    await kill9(second.server);
  }, 300_000);
});
