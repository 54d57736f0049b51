import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { AppError } from '../../errors.js';
import { sqlTimestamp } from '../../core/time.js';
import { sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';

/**
 * Import validation and commit as durable jobs (docs/imports.md, "Jobs that survive their
 * process"). A running job is a row in `import_jobs` owned by the process running it, which
 * writes its progress and a heartbeat there every `beatMs`. Any process (the same one after a
 * restart, or another on the same PostgreSQL database) that finds a job whose heartbeat is older
 * than `staleMs` claims it and runs it again from the start: the work is one transaction, so the
 * dead run left nothing behind.
 */
export type JobPhase = 'VALIDATING' | 'COMMITTING';

export interface ClaimedJob {
  batchId: number;
  phase: JobPhase;
  /** The validation's mapping input, as JSON; null for a commit. */
  input: string | null;
  userId: number;
  attempts: number;
}

/** Runs after this many claims are given up: the batch stays as it was before the job. */
export const MAX_ATTEMPTS = 3;

export interface JobTimings {
  beatMs: number;
  staleMs: number;
}

export class ImportJobs {
  /** This process among all that share the database. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private beat: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly timings: JobTimings,
    /** The progress of the jobs this process runs now, which each beat writes. */
    private readonly running: ReadonlyMap<number, { phase: JobPhase | 'IDLE'; rowsProcessed: number }>,
  ) {}

  private now(offsetMs = 0): string {
    return sqlTimestamp(new Date(Date.now() + offsetMs));
  }

  /** Records that this process runs `phase` on the batch; INVALID_STATE when another live process does. */
  async begin(batchId: number, phase: JobPhase, input: string | null, userId: number): Promise<void> {
    // A job whose process stopped beating is taken over here rather than refused.
    const rows = await this.store.query(
      sql`INSERT INTO import_jobs (batch_id, phase, input, user_id, owner, rows_processed, attempts, heartbeat_at, started_at)
          VALUES (${batchId}, ${phase}, ${input}, ${userId}, ${this.owner}, 0, 1, CAST(${this.now()} AS TIMESTAMP), CAST(${this.now()} AS TIMESTAMP))
          ON CONFLICT (batch_id) DO UPDATE SET phase = EXCLUDED.phase, input = EXCLUDED.input, user_id = EXCLUDED.user_id, owner = EXCLUDED.owner,
            rows_processed = 0, heartbeat_at = EXCLUDED.heartbeat_at, started_at = EXCLUDED.started_at
          WHERE import_jobs.owner = ${this.owner} OR import_jobs.heartbeat_at < CAST(${this.now(-this.timings.staleMs)} AS TIMESTAMP)
          RETURNING batch_id`,
      { name: 'imports.jobBegin' },
    );
    if (rows.length === 0) throw new AppError('INVALID_STATE', 'This import is already being processed.');
  }

  /** The job ended (done or failed): its row goes. */
  async end(batchId: number): Promise<void> {
    await this.store.execute(sql`DELETE FROM import_jobs WHERE batch_id = ${batchId} AND owner = ${this.owner}`, { name: 'imports.jobEnd' });
  }

  /** What a job on the batch has done so far, whichever process runs it; null when none runs. */
  async progress(batchId: number): Promise<{ phase: JobPhase; rowsProcessed: number } | null> {
    const [row] = await this.store.query<{ phase: JobPhase; rows_processed: string }>(
      sql`SELECT phase, rows_processed FROM import_jobs WHERE batch_id = ${batchId} AND heartbeat_at >= CAST(${this.now(-this.timings.staleMs)} AS TIMESTAMP)`,
      { name: 'imports.jobProgress' },
    );
    return row ? { phase: row.phase, rowsProcessed: Number(row.rows_processed) } : null;
  }

  /** Claims the jobs whose process stopped beating, counting the attempt. */
  async claimStale(): Promise<ClaimedJob[]> {
    const rows = await this.store.query<{ batch_id: number; phase: JobPhase; input: string | null; user_id: number; attempts: number }>(
      sql`UPDATE import_jobs SET owner = ${this.owner}, heartbeat_at = CAST(${this.now()} AS TIMESTAMP), attempts = attempts + 1, rows_processed = 0
          WHERE heartbeat_at < CAST(${this.now(-this.timings.staleMs)} AS TIMESTAMP)
          RETURNING batch_id, phase, input, user_id, attempts`,
      { name: 'imports.jobClaim' },
    );
    return rows.map((r) => ({ batchId: Number(r.batch_id), phase: r.phase, input: r.input, userId: Number(r.user_id), attempts: Number(r.attempts) }));
  }

  /** Starts writing the heartbeat and progress of this process's jobs. */
  startBeating(onError: (error: unknown) => void): void {
    if (this.beat) return;
    let writing = false;
    this.beat = setInterval(() => {
      if (writing || this.running.size === 0) return;
      writing = true;
      void (async () => {
        for (const [batchId, progress] of this.running) {
          await this.store.execute(
            sql`UPDATE import_jobs SET heartbeat_at = CAST(${this.now()} AS TIMESTAMP), rows_processed = ${progress.rowsProcessed}
                WHERE batch_id = ${batchId} AND owner = ${this.owner}`,
            { name: 'imports.jobBeat' },
          );
        }
      })().catch(onError).finally(() => {
        writing = false;
      });
    }, this.timings.beatMs);
    this.beat.unref();
  }

  stop(): void {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
  }
}
