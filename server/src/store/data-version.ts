/**
 * The version of the spend data one store holds (docs/rollups.md): a counter that moves whenever
 * a statement that writes `spend_lines` starts, and again when its transaction ends. Anything
 * derived from the lines (the rollups) records the version it was computed at and is used only
 * while the version has not moved since, so a derived answer is never older than an acknowledged
 * write.
 *
 * The store itself notices the writes (`writeKinds` on every statement's text), so a new write
 * path cannot forget to say it changed spend.
 */
export class DataVersion {
  private value = 0;
  private open = 0;
  private readonly listeners = new Set<(version: number) => void>();

  get current(): number {
    return this.value;
  }

  /** Writes begun and not yet ended: while any runs, nothing is current that was not built after it. */
  get writing(): number {
    return this.open;
  }

  bump(): void {
    this.value++;
    for (const listener of this.listeners) listener(this.value);
  }

  /** A write starts: the version moves now, and again at `end()`. */
  begin(): void {
    this.open++;
    this.bump();
  }

  end(): void {
    this.open--;
    this.bump();
  }

  /** Calls `listener` after every bump; returns the function that stops it. */
  onChange(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Statements that change a table: inserts, updates, deletes, truncation, schema changes, a bulk load. */
const WRITES = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|ALTER\s+TABLE|DROP\s+TABLE(?:\s+IF\s+EXISTS)?|COPY)\s+(\w+)/gi;

/** The tables a statement's text writes, lower-cased. */
export function writtenTables(text: string): string[] {
  return [...text.matchAll(WRITES)].map((m) => m[1].toLowerCase());
}

/**
 * Tables whose writes change no figure the server computes (docs/rollups.md, the result cache):
 * sessions and sign-in bookkeeping, the audit log, saved views, import staging, and the rollups
 * and the unit-price index themselves. A write to any other table moves the data version, so a table added later is
 * counted as changing figures until someone decides otherwise here.
 */
export const NO_FIGURES: ReadonlySet<string> = new Set([
  'sessions', 'login_attempts', 'password_tokens', 'audit_events', 'saved_views', 'source_mappings',
  'import_batches', 'import_jobs', 'import_rows', 'import_problems', 'import_contracts', 'import_texts', 'category_import',
  'spend_rollup', 'spend_rollup_small', 'spend_rollup_units', 'spend_rollup_sets', 'spend_rollup_sets_quarters', 'spend_rollup_display', 'price_items', 'price_points', 'price_buckets', 'price_everything', 'contract_rematch', 'import_staged_names', 'import_supplier_ids', 'import_business_unit_ids', 'import_category_ids',
  'dismissed_merge_suggestions', 'schema_migrations', 'shared_versions',
  // The classifier's models, suggestions and decisions: what they change in the figures is written
  // to spend_lines itself (docs/domain.md, "Classification").
  'classifier_models', 'classifier_settings', 'line_suggestions', 'suggestion_features', 'line_rejections', 'rule_disputes',
  'classification_actions', 'classification_action_lines',
  'report_subscriptions', 'report_subscription_recipients', 'report_delivery_runs', 'report_deliveries',
]);

/**
 * Whether a statement writes `spend_lines` (the one table every spend figure comes from) and
 * whether it writes any table a figure is computed from, from one reading of its text (every
 * statement passes here); null text: a bulk load of spend lines.
 */
export function writeKinds(text: string | null): { spend: boolean; figures: boolean } {
  if (text === null) return { spend: true, figures: true };
  const tables = writtenTables(text);
  return { spend: tables.includes('spend_lines'), figures: tables.some((t) => !NO_FIGURES.has(t)) };
}
