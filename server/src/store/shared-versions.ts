import { sql } from './sql.js';
import type { SharedName, SharedState, Store } from './store.js';
import { NO_FIGURES, writtenTables } from './data-version.js';

/**
 * Counters several API processes on one PostgreSQL database share (docs/scale-out.md, "What the
 * processes share"). Each process keeps its caches and rollup marks against its own in-memory
 * versions (docs/rollups.md); these counters, in the table `shared_versions`, tell it what the
 * other processes changed:
 *
 * - `spend`, `figures`: spend lines, and any table a figure is computed from (the result cache);
 * - `directory`: categories and business units (the cached directory of both);
 * - `auth`: users, their scopes, and sessions ended (the session cache);
 * - `rollups_built`, `prices_built`: the `spend` value the shared rollups and the unit-price index
 *   were last built from, so one process's rebuild serves all of them.
 *
 * A write moves its counters in its own transaction (a single statement: right after it), before
 * it is acknowledged; every request reads the counters before anything else. So a request that
 * starts after a write was acknowledged by any process sees that write's counters moved.
 */

/** The counters other processes must hear of after a statement with this text (null: a bulk load of spend lines). */
export function sharedChanges(text: string | null): SharedName[] {
  if (text === null) return ['spend', 'figures'];
  const tables = writtenTables(text);
  if (tables.length === 0) return [];
  const changes: SharedName[] = [];
  if (tables.includes('spend_lines')) changes.push('spend');
  if (tables.some((t) => !NO_FIGURES.has(t))) changes.push('figures');
  if (tables.includes('categories') || tables.includes('business_units')) changes.push('directory');
  // A new session or its last-seen time changes nothing another process caches; an ended one does.
  if (tables.includes('users') || tables.includes('user_scopes') || /\bDELETE\s+FROM\s+sessions\b/i.test(text)) changes.push('auth');
  return changes;
}

/** Advisory lock keys of the jobs one process does for all (any fixed numbers unique to us). */
const JOB_LOCKS = { rollups_built: 7_318_001, prices_built: 7_318_002, startup: 7_318_003, import_commit: 7_318_004 } as const;
export type SharedJob = keyof typeof JOB_LOCKS;

export class SharedVersions implements SharedState {
  /** The values last read or written by this process. */
  private readonly seen = new Map<SharedName, number>();
  private readonly listeners = new Map<SharedName, Set<() => void>>();

  constructor(private readonly store: Store) {}

  value(name: SharedName): number | undefined {
    return this.seen.get(name);
  }

  /** Calls `listener` whenever `name` is seen to have moved since it was last seen; returns the function that stops it. */
  onChange(name: SharedName, listener: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Reads every counter; those that moved since last seen call their listeners. */
  async refresh(signal?: AbortSignal): Promise<void> {
    const rows = await this.store.query<{ name: SharedName; value: string }>(sql`SELECT name, value FROM shared_versions`, { name: 'shared.read', signal });
    this.note(rows);
  }

  /** Takes values this process read or wrote itself. Listeners run after all are noted. */
  note(rows: ReadonlyArray<{ name: SharedName; value: string | number }>): void {
    const moved: SharedName[] = [];
    for (const row of rows) {
      const value = Number(row.value);
      const before = this.seen.get(row.name);
      this.seen.set(row.name, value);
      if (before !== undefined && before !== value) moved.push(row.name);
    }
    for (const name of moved) for (const listener of this.listeners.get(name) ?? []) listener();
  }

  /** Moves `names` by one inside `tx` (the write's own transaction) and returns the new values, for `note` after the commit. */
  static async bump(tx: Store, names: readonly SharedName[]): Promise<Array<{ name: SharedName; value: string }>> {
    if (names.length === 0) return [];
    return tx.query(sql`UPDATE shared_versions SET value = value + 1 WHERE name IN ${sql.list(names)} RETURNING name, value`, { name: 'shared.bump' });
  }

  /**
   * Inside `tx`: claims `job` for this transaction unless another process holds it (then null),
   * and reads the `spend` value and the job's mark as they are now.
   */
  static async claim(tx: Store, job: 'rollups_built' | 'prices_built'): Promise<{ spend: number; built: number } | null> {
    const [lock] = await tx.query<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${JOB_LOCKS[job]}) AS locked`, { name: `shared.claim.${job}` });
    if (!lock.locked) return null;
    const rows = await tx.query<{ name: SharedName; value: string }>(sql`SELECT name, value FROM shared_versions WHERE name IN ('spend', ${job})`, { name: `shared.marks.${job}` });
    const of = (name: SharedName) => Number(rows.find((r) => r.name === name)?.value ?? -1);
    return { spend: of('spend'), built: of(job) };
  }

  /** Inside `tx`: records that `job` was built from `spend`. */
  static async mark(tx: Store, job: 'rollups_built' | 'prices_built', spend: number): Promise<void> {
    await tx.execute(sql`UPDATE shared_versions SET value = ${spend} WHERE name = ${job}`, { name: `shared.mark.${job}` });
  }

  /** Inside `tx`: waits until no other process is in `job` (startup: migrations and the first seed); held until `tx` ends. */
  static async exclusive(tx: Store, job: 'startup' | 'import_commit'): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${JOB_LOCKS[job]})`, { name: `shared.exclusive.${job}`, timeoutMs: 600_000 });
  }
}
