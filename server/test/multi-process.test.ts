import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { createPgDatabase } from './pg-databases.js';
import { kill9, spawnServer } from './process.js';
import { centsToString } from './expected.js';

// Several API processes on one PostgreSQL database (docs/scale-out.md): whatever one process
// acknowledged, a request to any other sees. Real processes, a real database made for this file.

const BY_L1 = `{ spendCube(query: { dimensions: [CATEGORY_L1], measures: [SPEND] }) { rows { keys { id } values } } }`;
type Cube = { spendCube: { rows: Array<{ keys: Array<{ id: string | null }>; values: string[] }> } };

describe('two API processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let db: pg.Client;
  const servers: Array<ReturnType<typeof spawnServer>> = [];
  let a: string;
  let b: string;
  const dir = mkdtempSync(join(tmpdir(), 'spendscope-multi-'));

  /** Spend by level-1 category straight from the lines, in cents: computed without the server. */
  async function spendByL1(): Promise<Map<string, bigint>> {
    const { rows } = await db.query<{ id: string; cents: string }>(
      `WITH RECURSIVE up AS (SELECT id, id AS top, parent_id FROM categories WHERE parent_id IS NULL
         UNION ALL SELECT c.id, up.top, c.parent_id FROM categories c JOIN up ON c.parent_id = up.id)
       SELECT CAST(up.top AS TEXT) AS id, CAST(SUM(ROUND(l.amount_reporting * 100)) AS TEXT) AS cents
       FROM spend_lines l JOIN up ON up.id = l.category_id WHERE l.amount_reporting IS NOT NULL GROUP BY up.top`);
    return new Map(rows.map((r) => [r.id, BigInt(r.cents)]));
  }
  const cubeCents = (cube: Cube) =>
    new Map(cube.spendCube.rows.filter((r) => r.keys[0].id !== null).map((r) => [r.keys[0].id!, BigInt(r.values[0].replace('.', ''))]));

  beforeAll(async () => {
    database = await createPgDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    // Both start at once: one migrates and seeds, the other waits for it (the startup lock).
    // One uploads folder for both, as a deployment shares one volume (docs/scale-out.md).
    // Import jobs beat often and are taken over soon, so the take-over below happens within seconds.
    const env = { SPENDSCOPE_DATABASE_URL: database.url, SPENDSCOPE_DEMO_LINES: '10000', SPENDSCOPE_IMPORT_JOB_BEAT_MS: '200', SPENDSCOPE_IMPORT_JOB_STALE_MS: '2000',
      // Both poll the classifier's queue; one trains (its claim is what the test below checks).
      SPENDSCOPE_CLASSIFIER: 'true' };
    servers.push(spawnServer(join(dir, 'spendscope.duckdb'), env), spawnServer(join(dir, 'spendscope.duckdb'), env));
    [a, b] = await Promise.all(servers.map((s) => s.ready(120_000)));
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await kill9(server);
    await db?.end();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('started together, seeded the database once', async () => {
    const { rows } = await db.query<{ n: string }>(`SELECT CAST(COUNT(*) AS TEXT) AS n FROM users WHERE email = $1`, [DEMO.admin]);
    expect(rows[0].n).toBe('1');
    const seeded = servers.filter((s) => /seeded and started/.test(s.output()));
    expect(seeded.length).toBe(1);
  });

  it('a session begun on A works on B, and ended on A it ends on B at once', async () => {
    const onA = await GraphQLClient.signedIn(a, DEMO.analyst);
    const onB = onA.at(b);
    expect((await onB.ok<{ me: { email: string } }>(`{ me { email } }`)).me.email).toBe(DEMO.analyst);
    await onA.ok(`mutation { logout }`);
    expect(await onB.ok(`{ me { email } }`)).toEqual({ me: null });
  });

  it('a user disabled on A is refused on B at once, though B had just served them', async () => {
    const admin = await GraphQLClient.signedIn(a, DEMO.admin);
    const viewerOnB = await GraphQLClient.signedIn(b, DEMO.viewer);
    expect((await viewerOnB.ok<{ me: { email: string } }>(`{ me { email } }`)).me.email).toBe(DEMO.viewer);
    const { users } = await admin.ok<{ users: { nodes: Array<{ id: string; email: string; version: number }> } }>(`{ users { nodes { id email version } } }`);
    const viewer = users.nodes.find((u) => u.email === DEMO.viewer)!;
    await admin.ok(`mutation($id: ID!, $v: Int!) { disableUser(id: $id, version: $v) { id } }`, { id: viewer.id, v: viewer.version });
    expect(await viewerOnB.ok(`{ me { email } }`)).toEqual({ me: null });
  });

  it('spend changed on A is what B answers next, to the cent, though B had the old answer cached and its rollups built', async () => {
    const admin = await GraphQLClient.signedIn(a, DEMO.admin);
    const onB = admin.at(b);
    const before = await onB.ok<Cube>(BY_L1);
    expect(cubeCents(before)).toEqual(await spendByL1());
    // Move every line of one level-1 category's first leaf into another level-1 category.
    const { rows: [move] } = await db.query<{ ids: string[]; target: string }>(
      `SELECT ARRAY(SELECT CAST(l.id AS TEXT) FROM spend_lines l WHERE l.category_id = (SELECT MIN(category_id) FROM spend_lines) LIMIT 200) AS ids,
              CAST((SELECT MAX(id) FROM categories WHERE parent_id IS NOT NULL AND id <> (SELECT MIN(category_id) FROM spend_lines)) AS TEXT) AS target`);
    expect(move.ids.length).toBeGreaterThan(0);
    await admin.ok(`mutation($l: [ID!], $c: ID) { classifyLines(lineIds: $l, categoryId: $c) }`, { l: move.ids, c: move.target });
    const after = await onB.ok<Cube>(BY_L1);
    const expected = await spendByL1();
    expect(expected).not.toEqual(cubeCents(before));
    expect(cubeCents(after)).toEqual(expected);
  });

  it('both processes serve the same classifier version: trained once on A, B answers from it', async () => {
    const [onA, onB] = await Promise.all([GraphQLClient.signedIn(a, DEMO.admin), GraphQLClient.signedIn(b, DEMO.admin)]);
    const STATUS = `{ classifierStatus { version trainingLines } classificationSuggestionGroups(page: { limit: 5 }) { totalCount totalLines nodes { supplierId category { id } lines } } }`;
    type Status = { classifierStatus: { version: number; trainingLines: number }; classificationSuggestionGroups: unknown };
    const { retrainClassifier: trained } = await onA.ok<{ retrainClassifier: { version: number } }>(`mutation { retrainClassifier { version } }`);
    const [fromA, fromB] = await Promise.all([onA.ok<Status>(STATUS), onB.ok<Status>(STATUS)]);
    expect(fromB.classifierStatus.version).toBe(trained.version);
    expect(fromB).toEqual(fromA);
    // One live version in the database, whichever process trained it (both poll the same queue).
    const { rows } = await db.query<{ n: string }>(`SELECT CAST(COUNT(DISTINCT model_version) AS TEXT) AS n FROM line_suggestions`);
    expect(rows[0].n).toBe('1');
  });

  it('a category created on A is in B\'s category list at once', async () => {
    const admin = await GraphQLClient.signedIn(a, DEMO.admin);
    const listed = async () => (await admin.at(b).ok<{ categories: Array<{ name: string }> }>(`{ categories { name } }`)).categories.map((c) => c.name);
    expect(await listed()).not.toContain('Made on A');
    await admin.ok(`mutation($i: CreateCategoryInput!) { createCategory(input: $i) { id } }`, { i: { name: 'Made on A', code: 'MADE-A' } });
    expect(await listed()).toContain('Made on A');
  });

  it('the rollups and the price index, built by one process for both, are marked built from the lines as they are now', async () => {
    await vi.waitFor(async () => {
      const { rows } = await db.query<{ name: string; value: string }>(`SELECT name, CAST(value AS TEXT) AS value FROM shared_versions`);
      const value = (name: string) => rows.find((r) => r.name === name)?.value;
      expect(value('rollups_built')).toBe(value('spend'));
      expect(value('prices_built')).toBe(value('spend'));
    }, { timeout: 30_000, interval: 250 });
  });

  /** A spend file of `rows` lines; its total is computed here, in cents. */
  function spendCsv(rows: number, tag: string): { body: string; totalCents: bigint } {
    let totalCents = 0n;
    const lines = ['Invoice Date,Supplier Name,Description,Amount,Currency,Invoice Number'];
    for (let i = 0; i < rows; i++) {
      const cents = BigInt(100 + ((i * 7919) % 4_000_000));
      totalCents += cents;
      lines.push(`2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')},Two Process Supplier ${i % 23} Ltd,${tag} ${i},${centsToString(cents)},EUR,${tag}-${i}`);
    }
    return { body: lines.join('\n') + '\n', totalCents };
  }

  async function upload(client: GraphQLClient, url: string, body: string, name: string): Promise<string> {
    const res = await fetch(`${url}/api/imports?fileName=${encodeURIComponent(name)}&sourceName=${encodeURIComponent(`Two process ERP ${name}`)}`, {
      method: 'POST', headers: { cookie: client.sessionCookie, 'content-type': 'application/octet-stream', origin: url }, body,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  }

  const BATCH = `query($id: ID!) { importBatch(id: $id) { status acceptedCount progress { phase rowsProcessed } columns { index field } } }`;
  type Batch = { importBatch: { status: string; acceptedCount: number; progress: { phase: string; rowsProcessed: number }; columns: Array<{ index: number; field: string | null }> } };
  const VALIDATE = `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { status } }`;
  const mappingOf = (batch: Batch) => ({ columns: batch.importBatch.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index })) });
  async function committedLines(id: string): Promise<{ lines: number; cents: bigint; staged: number }> {
    const { rows: [r] } = await db.query<{ lines: string; cents: string | null; staged: string }>(
      `SELECT CAST(COUNT(*) AS TEXT) AS lines, CAST(SUM(ROUND(amount * 100)) AS TEXT) AS cents,
              CAST((SELECT COUNT(*) FROM import_rows WHERE batch_id = $1) AS TEXT) AS staged
       FROM spend_lines WHERE import_batch_id = $1`, [Number(id)]);
    return { lines: Number(r.lines), cents: BigInt(r.cents ?? '0'), staged: Number(r.staged) };
  }

  /** Finance signed in on A (and the same session on B), a file of `rows` lines uploaded on A, and its proposed mapping read on B. */
  async function uploadOnA(rows: number, tag: string) {
    const finance = await GraphQLClient.signedIn(a, DEMO.finance);
    const onB = finance.at(b);
    const file = spendCsv(rows, tag);
    const id = await upload(finance, a, file.body, `${tag}.csv`);
    return { finance, onB, file, id, mapping: mappingOf(await onB.ok<Batch>(BATCH, { id })) };
  }

  it('an upload on A is validated on A while B shows its progress, and committed on B, every line to the cent', async () => {
    const { finance, onB, file, id, mapping } = await uploadOnA(200_000, 'ab');
    const validating = finance.ok(VALIDATE, { id, m: mapping });
    const seen: string[] = [];
    let done = false;
    void validating.finally(() => (done = true));
    while (!done) {
      const { importBatch } = await onB.ok<Batch>(BATCH, { id });
      if (importBatch.progress.phase === 'VALIDATING') seen.push(`${importBatch.progress.rowsProcessed}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await validating;
    expect(seen.length, 'B saw the validation running on A').toBeGreaterThan(0);
    expect((await onB.ok<Batch>(BATCH, { id })).importBatch).toMatchObject({ status: 'VALIDATED', acceptedCount: 200_000 });
    await onB.ok(`mutation($id: ID!) { commitImport(id: $id) { status } }`, { id });
    expect(await committedLines(id)).toEqual({ lines: 200_000, cents: file.totalCents, staged: 0 });
  });

  it('A killed mid-validation: B takes the job over and validates the whole file, never part of it; the commit ties to the cent', async () => {
    const { finance, onB, file, id, mapping } = await uploadOnA(400_000, 'kill');
    void finance.request(VALIDATE, { id, m: mapping }).catch(() => undefined);
    // As soon as B sees A's job running, A dies.
    await vi.waitFor(async () => expect((await onB.ok<Batch>(BATCH, { id })).importBatch.progress.phase).toBe('VALIDATING'), { timeout: 30_000, interval: 20 });
    const killedA = servers[0];
    await kill9(killedA);
    expect((await committedLines(id)).staged, 'nothing staged by the dead run').toBe(0);
    // B finds the job without a heartbeat, claims it and runs it again from the start.
    await vi.waitFor(async () => {
      const { rows: [r] } = await db.query<{ staged: string; status: string }>(
        `SELECT status, CAST((SELECT COUNT(*) FROM import_rows WHERE batch_id = $1) AS TEXT) AS staged FROM import_batches WHERE id = $1`, [Number(id)]);
      // Every look: all of the file staged with the batch VALIDATED, or none of it.
      expect(r.status === 'VALIDATED' ? Number(r.staged) : Number(r.staged) === 0 ? 0 : -1, `staged ${r.staged} while ${r.status}`).toBe(r.status === 'VALIDATED' ? 400_000 : 0);
      expect(r.status).toBe('VALIDATED');
    }, { timeout: 60_000, interval: 100 });
    expect(servers[1].output()).toMatch(new RegExp(`Import ${id}: validating taken over`));
    await onB.ok(`mutation($id: ID!) { commitImport(id: $id) { status } }`, { id });
    expect(await committedLines(id)).toEqual({ lines: 400_000, cents: file.totalCents, staged: 0 });
  }, 120_000);
});
