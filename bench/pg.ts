import pg from 'pg';

/**
 * PostgreSQL for benchmarks: a database of the run's own on a server the bench was pointed at, and
 * the wait for the rollups a server builds after its seed (docs/scale-out.md).
 */

/** Creates `name` on `server` (a URL without a database); its URL, and how to drop it. */
export async function freshPgDatabase(server: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${server}/postgres` });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: `${server}/${name}`, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Until the rollups and the price index are built at the current spend version, at most 20 minutes. */
export async function rollupsBuilt(databaseUrl: string, pollMs = 1000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const until = Date.now() + 1_200_000; Date.now() < until; await new Promise((r) => setTimeout(r, pollMs))) {
      const { rows } = await client.query<{ name: string; value: string }>('SELECT name, CAST(value AS TEXT) AS value FROM shared_versions');
      const v = Object.fromEntries(rows.map((r) => [r.name, r.value]));
      if (v.spend && v.rollups_built === v.spend && v.prices_built === v.spend) return;
    }
    throw new Error('The rollups were not built within 20 minutes');
  } finally {
    await client.end();
  }
}
