import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from './sql.js';
import type { Store } from './store.js';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Versioned migrations: `NNN_name.sql` files, applied in order, each once, each in a transaction.
 * A version whose SQL must differ between the engines has `NNN_name.duckdb.sql` and
 * `NNN_name.postgres.sql` instead (docs/postgres.md, "Migrations").
 */
export async function migrate(store: Store): Promise<number[]> {
  await store.execute(
    sql`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
    { name: 'migrations.table' },
  );
  const applied = new Set(
    (await store.query<{ version: number }>(sql`SELECT version FROM schema_migrations`, { name: 'migrations.applied' })).map(
      (r) => r.version,
    ),
  );
  const files = migrationFiles(readdirSync(MIGRATIONS_DIR), store.dialect);
  const newlyApplied: number[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 3));
    if (applied.has(version)) continue;
    const statements = splitStatements(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
    await store.transaction(async (tx) => {
      for (const statement of statements) {
        // Migration files are our own committed SQL, not input: they are the one place whole
        // statements are read from disk.
        await tx.execute(sqlFromFile(statement), { name: `migration.${file}` });
      }
      await tx.execute(sql`INSERT INTO schema_migrations (version, name) VALUES (${version}, ${file})`, {
        name: 'migrations.record',
      });
    });
    newlyApplied.push(version);
  }
  return newlyApplied;
}

const MIGRATION_FILE = /^(\d{3})_.+?(?:\.(duckdb|postgres))?\.sql$/;

/** The migration files one engine applies, in order: the shared ones and its own. */
export function migrationFiles(names: readonly string[], dialect: Store['dialect']): string[] {
  const chosen = new Map<string, string>();
  for (const name of [...names].sort()) {
    const match = MIGRATION_FILE.exec(name);
    if (!match) continue;
    const [, version, only] = match;
    if (only !== undefined && only !== dialect) continue;
    const other = chosen.get(version);
    if (other) throw new Error(`Migration ${version} has two files for ${dialect}: ${other} and ${name}`);
    chosen.set(version, name);
  }
  return [...chosen.values()];
}

/** Splits a migration file into statements: `--` comments dropped, `;` ends a statement outside string literals. */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      current += ch;
      if (ch === "'") inString = false;
    } else if (ch === "'") {
      inString = true;
      current += ch;
    } else if (ch === '-' && text[i + 1] === '-') {
      while (i < text.length && text[i] !== '\n') i++;
      current += '\n';
    } else if (ch === ';') {
      statements.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
}

export function sqlFromFile(statement: string) {
  const strings = Object.assign([statement], { raw: [statement] }) as unknown as TemplateStringsArray;
  return sql(strings);
}
