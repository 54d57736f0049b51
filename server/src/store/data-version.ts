/**
 * The version of the spend data one store holds (docs/rollups.md): a counter that moves whenever
 * a statement that writes `spend_lines` starts, and again when its transaction ends. Anything
 * derived from the lines (the rollups) records the version it was computed at and is used only
 * while the version has not moved since, so a derived answer is never older than an acknowledged
 * write.
 *
 * The store itself notices the writes (`writesSpend` on every statement's text), so a new write
 * path cannot forget to say it changed spend.
 */
export class DataVersion {
  private value = 0;
  private readonly listeners = new Set<(version: number) => void>();

  get current(): number {
    return this.value;
  }

  bump(): void {
    this.value++;
    for (const listener of this.listeners) listener(this.value);
  }

  /** Calls `listener` after every bump; returns the function that stops it. */
  onChange(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Statements that change spend lines: inserts, updates, deletes, truncation, schema changes, a bulk load. */
const WRITES_SPEND = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|ALTER\s+TABLE|DROP\s+TABLE(?:\s+IF\s+EXISTS)?|COPY)\s+spend_lines\b/i;

/** Whether a statement's text writes `spend_lines` (the one table every spend figure comes from). */
export function writesSpend(text: string): boolean {
  return WRITES_SPEND.test(text);
}
