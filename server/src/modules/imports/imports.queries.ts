import { sql, type Sql } from '../../store/sql.js';
import type { Dialect } from '../../store/dialect.js';
import type { Row, Store } from '../../store/store.js';
import { itemKey } from '../../core/item-key.js';

export interface BatchRow extends Row {
  id: number; file_name: string; source_name: string; format: string; status: string; row_count: string; total_amount: string;
  uploaded_by: number | null; uploaded_by_name: string | null; committed_at: string | null; created_at: string; updated_at: string;
  mapping: string | null; headers: string | null; encoding: string | null; delimiter: string | null; header_row: number | null;
  default_currency: string | null; file_path: string | null; accepted_count: string | null; rejected_count: string | null;
  warning_count: string | null; duplicate_count: string | null; source_totals: string | null; notes: string | null;
  failure: string | null; rolled_back_at: string | null; currency_basis: string | null; contract_count: string | null;
}

const BATCH = sql`SELECT b.id, b.file_name, b.source_name, b.format, b.status, b.row_count, b.total_amount, b.uploaded_by, u.name AS uploaded_by_name,
  b.committed_at, b.created_at, b.updated_at, b.mapping, b.headers, b.encoding, b.delimiter, b.header_row, b.default_currency, b.file_path,
  b.accepted_count, b.rejected_count, b.warning_count, b.duplicate_count, b.source_totals, b.notes, b.failure, b.rolled_back_at,
  b.currency_basis, b.contract_count
  FROM import_batches b LEFT JOIN users u ON u.id = b.uploaded_by`;

export async function findBatch(store: Store, id: number): Promise<BatchRow | null> {
  const [row] = await store.query<BatchRow>(sql`${BATCH} WHERE b.id = ${id}`, { name: 'imports.batch' });
  return row ?? null;
}

/** A batch's status as committed now (read again by a commit once it holds the commit lock). */
export const batchStatus = (id: number) => sql`SELECT status FROM import_batches WHERE id = ${id}`;

export async function listBatches(store: Store, offset: number, limit: number) {
  const rows = await store.query<BatchRow & { total_count: string }>(
    sql`SELECT x.*, COUNT(*) OVER () AS total_count FROM (${BATCH}) x ORDER BY x.id DESC LIMIT ${limit} OFFSET ${offset}`,
    { name: 'imports.list' },
  );
  return { rows, totalCount: rows.length ? Number(rows[0].total_count) : 0 };
}

export async function insertBatch(store: Store, b: { fileName: string; sourceName: string; uploadedBy: number; now: string }): Promise<number> {
  const [row] = await store.query<{ id: number }>(
    sql`INSERT INTO import_batches (id, file_name, source_name, format, status, uploaded_by, created_at, updated_at)
        VALUES (nextval('import_batches_id_seq'), ${b.fileName}, ${b.sourceName}, 'CSV', 'UPLOADED', ${b.uploadedBy},
                CAST(${b.now} AS TIMESTAMP), CAST(${b.now} AS TIMESTAMP))
        RETURNING id`,
    { name: 'imports.insert' },
  );
  return row.id;
}

export function markDetected(store: Store, id: number, d: {
  format: string; encoding: string | null; delimiter: string | null; headerRow: number | null; headers: string; mapping: string;
  defaultCurrency: string | null; currencyBasis: string | null; filePath: string; fileSize: number; notes: string; now: string;
}) {
  return store.execute(
    sql`UPDATE import_batches SET format = ${d.format}, encoding = ${d.encoding}, delimiter = ${d.delimiter}, header_row = ${d.headerRow},
          headers = ${d.headers}, mapping = ${d.mapping}, default_currency = ${d.defaultCurrency},
          currency_basis = ${d.currencyBasis}, file_path = ${d.filePath},
          file_size = ${d.fileSize}, notes = ${d.notes}, updated_at = CAST(${d.now} AS TIMESTAMP)
        WHERE id = ${id}`,
    { name: 'imports.detected' },
  );
}

/**
 * Batches whose upload was cut off by a process that stopped (UPLOADED, no file yet) and that were
 * made before `cutoff`, marked FAILED with `failure`; returns them (`failCutOffUploads`).
 */
export function failCutOff(store: Store, cutoff: string, failure: string, now: string) {
  return store.query<{ id: number; uploaded_by: number | null; file_name: string; source_name: string }>(
    sql`UPDATE import_batches SET status = 'FAILED', failure = ${failure}, updated_at = CAST(${now} AS TIMESTAMP)
        WHERE status = 'UPLOADED' AND file_path IS NULL AND created_at < CAST(${cutoff} AS TIMESTAMP)
        RETURNING id, uploaded_by, file_name, source_name`,
    { name: 'imports.failCutOff' },
  );
}

export function markFailed(store: Store, id: number, failure: string, now: string) {
  return store.execute(
    sql`UPDATE import_batches SET status = 'FAILED', failure = ${failure.slice(0, 2000)}, updated_at = CAST(${now} AS TIMESTAMP) WHERE id = ${id}`,
    { name: 'imports.failed' },
  );
}

/**
 * One statement after another: the caller passes its transaction, whose one connection runs one
 * statement at a time anyway (node-postgres warns when handed several at once, and pg 9 will refuse).
 */
export async function clearStaging(store: Store, id: number): Promise<void> {
  await store.execute(commitSteps.dropStaging(id), { name: 'imports.clearRows' });
  await store.execute(commitSteps.dropStagedTexts(id), { name: 'imports.clearTexts' });
  await store.execute(sql`DELETE FROM import_problems WHERE batch_id = ${id}`, { name: 'imports.clearProblems' });
  await store.execute(commitSteps.dropStagedContracts(id), { name: 'imports.clearContracts' });
}

/**
 * Earlier lines a staged row would repeat: the same reference from the same source, or, for Open
 * Contracting, from any OCDS batch (an ocid is unique worldwide, so a later release of the same
 * process updates its lines whatever the source was called; docs/imports.md).
 */
function earlierBatch(format: string, source: Sql): Sql {
  return format === 'OCDS_JSON' ? sql`b.format = 'OCDS_JSON'` : sql`b.source_name = ${source}`;
}

/**
 * The committed batches whose lines a batch's staged rows could repeat (`earlierBatch`), other than
 * itself. They are read first so that the checks for repeats (`deliveredBefore`) read those
 * batches' lines only, by the lines' batch index on PostgreSQL (migration 028) and DuckDB's row
 * groups: joining every line with its batch read the whole table, and with 10M lines in the
 * database a 1M-row file took 7.4 s to count its repeats at validation and 10–12 s per chunk at
 * the commit (docs/imports.md, "Speed"). A source's first file has none, and nothing is read.
 */
export async function earlierBatches(store: Store, batchId: number, format: string, source: string): Promise<EarlierBatches> {
  const rows = await store.query<{ id: number }>(sql`${EARLIER_BATCHES(batchId, format, source)} ORDER BY b.id`, { name: 'imports.earlierBatches' });
  return { batchId, format, source, ids: rows.map((r) => Number(r.id)) };
}

/** A batch (its id, format and source) and the ids of the committed batches whose lines its rows could repeat. */
export interface EarlierBatches {
  batchId: number;
  format: string;
  source: string;
  ids: readonly number[];
}

/** The committed batches, other than `id`, whose lines a batch's rows could repeat (`earlierBatch`). */
const EARLIER_BATCHES = (id: number, format: string, source: string) =>
  sql`SELECT b.id FROM import_batches b WHERE ${earlierBatch(format, sql`${source}`)} AND b.id <> ${id} AND b.status = 'COMMITTED'`;

/**
 * Whether lines of the `earlier` batches (`earlierBatches`) already hold staged row `r`'s
 * reference. PostgreSQL gets the ids as one array (every OCDS batch is an earlier batch of the
 * next, and a statement takes at most 65,535 parameters) and finds those batches' pages by the
 * lines' batch index. DuckDB is given the same batches as a semi join on `import_batches`: a list
 * of hundreds of constants was compared with every line, and importing every real OCDS file one
 * after another took half as long again.
 */
function deliveredBefore(dialect: Dialect, earlier: EarlierBatches): Sql {
  if (earlier.ids.length === 0) return sql`FALSE`;
  return sql`EXISTS (SELECT 1 FROM spend_lines s WHERE ${ofEarlierBatches(dialect, earlier)} AND s.source_ref = r.source_ref)`;
}

/** Line `s` belongs to one of the `earlier` batches (`deliveredBefore` says how each engine finds them). */
function ofEarlierBatches(dialect: Dialect, earlier: EarlierBatches): Sql {
  return dialect === 'postgres'
    ? sql`s.import_batch_id = ANY(CAST(${`{${earlier.ids.map((b) => Math.trunc(b)).join(',')}}`} AS INTEGER[]))`
    : sql`s.import_batch_id IN (${EARLIER_BATCHES(earlier.batchId, earlier.format, earlier.source)})`;
}

/** Marks the batch of `earlier` validated, with its counts, and counts its rows that earlier batches delivered. */
export function markValidated(store: Store, earlier: EarlierBatches, v: {
  mapping: string; defaultCurrency: string | null; currencyBasis: string | null; contractCount: number; rowCount: number; accepted: number; rejected: number; warnings: number;
  totalReporting: string; sourceTotals: string; notes: string; now: string;
}) {
  const id = earlier.batchId;
  const duplicates = earlier.ids.length === 0 ? sql`0` : sql`(SELECT COUNT(*) FROM import_rows r WHERE r.batch_id = ${id} AND ${deliveredBefore(store.dialect, earlier)})`;
  return store.execute(
    sql`UPDATE import_batches SET status = 'VALIDATED', mapping = ${v.mapping}, default_currency = ${v.defaultCurrency},
          currency_basis = ${v.currencyBasis}, contract_count = ${v.contractCount},
          row_count = ${v.rowCount}, accepted_count = ${v.accepted}, rejected_count = ${v.rejected}, warning_count = ${v.warnings},
          total_amount = CAST(${v.totalReporting} AS DECIMAL(18,2)), source_totals = ${v.sourceTotals}, notes = ${v.notes},
          duplicate_count = ${duplicates},
          version = version + 1, updated_at = CAST(${v.now} AS TIMESTAMP)
        WHERE id = ${id}`,
    { name: 'imports.validated' },
  );
}

export function saveSourceMapping(store: Store, source: string, headers: string, mapping: string, currency: string | null, now: string) {
  return store.execute(
    sql`INSERT INTO source_mappings (source_name, headers, mapping, default_currency, updated_at)
        VALUES (${source}, ${headers}, ${mapping}, ${currency}, CAST(${now} AS TIMESTAMP))
        ON CONFLICT (source_name) DO UPDATE SET headers = excluded.headers, mapping = excluded.mapping,
          default_currency = excluded.default_currency, updated_at = excluded.updated_at`,
    { name: 'imports.saveMapping' },
  );
}

export async function sourceMapping(store: Store, source: string) {
  const [row] = await store.query<{ headers: string; mapping: string; default_currency: string | null }>(
    sql`SELECT headers, mapping, default_currency FROM source_mappings WHERE source_name = ${source}`,
    { name: 'imports.sourceMapping' },
  );
  return row ?? null;
}

export async function fxRates(store: Store) {
  return store.query<{ currency: string; month: string; rate: string }>(
    sql`SELECT currency, CAST(month AS VARCHAR) AS month, CAST(rate_to_reporting AS VARCHAR) AS rate FROM fx_rates ORDER BY currency, month`,
    { name: 'imports.fxRates' },
  );
}

/** Every problem of a batch in row order, for the CSV download (streamed, not paged). */
export function allProblems(id: number) {
  return sql`SELECT row_number, severity, column_name, code, message, raw_value FROM import_problems WHERE batch_id = ${id}
             ORDER BY row_number, severity, code`;
}

export async function problems(store: Store, id: number, severity: string | null, offset: number, limit: number) {
  const where = severity ? sql`batch_id = ${id} AND severity = ${severity}` : sql`batch_id = ${id}`;
  const [rows, [count]] = await Promise.all([
    store.query<{ row_number: string; severity: string; column_name: string | null; code: string; message: string; raw_value: string | null }>(
      sql`SELECT row_number, severity, column_name, code, message, raw_value FROM import_problems WHERE ${where}
          ORDER BY row_number, severity, code LIMIT ${limit} OFFSET ${offset}`,
      { name: 'imports.problems' },
    ),
    store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM import_problems WHERE ${where}`, { name: 'imports.problemCount' }),
  ]);
  return { rows, totalCount: Number(count.n) };
}

export function preview(store: Store, id: number, limit: number) {
  return store.query<{
    row_number: string; invoice_date: string; amount: string; currency: string; amount_reporting: string | null; supplier_name: string;
    description: string | null; category: string | null; business_unit: string | null; source_ref: string;
  }>(
    sql`SELECT row_number, invoice_date, amount, currency, amount_reporting, supplier_name, description, category, business_unit, source_ref
        FROM import_rows WHERE batch_id = ${id} ORDER BY row_number LIMIT ${limit}`,
    { name: 'imports.preview' },
  );
}

/**
 * The commit, as statements over the staged rows, run inside one transaction by the service:
 * resolve suppliers (by normalised key; new ones created, aliases recorded), business units,
 * categories, cost centres and GL accounts by code or name, then insert the lines that this
 * source has not delivered before.
 */
/**
 * Each normalised supplier name's supplier, followed through merges to the one that survived:
 * lines, aliases and contracts of a name that was merged away belong to the supplier it was
 * merged into, not to the inactive one (found by the crash loop in server/test/durability.test.ts).
 * Chains have no length limit (a merge needs an unmerged target, so they cannot loop; `UNION`
 * would still end one, as its rows repeat). A depth limit here once made rows of a supplier
 * merged more than 32 times in a row vanish from a commit. Only the names `keys` selects are
 * followed: following every supplier's chain took about 0.45 s per commit on PostgreSQL once the
 * real OCDS files had brought tens of thousands of suppliers (docs/imports.md, step 1).
 */
const supplierByKey = (keys: Sql) => sql`(
  WITH RECURSIVE first_of_key (normalized_name, id) AS (
    SELECT normalized_name, MIN(id) FROM suppliers WHERE normalized_name IN (${keys}) GROUP BY normalized_name
  ), follow (start_id, id, merged_into_id) AS (
    SELECT s.id, s.id, s.merged_into_id FROM suppliers s JOIN first_of_key k ON k.id = s.id
    UNION
    SELECT f.start_id, s.id, s.merged_into_id FROM follow f JOIN suppliers s ON s.id = f.merged_into_id
  )
  SELECT k.normalized_name, f.id
  FROM first_of_key k
  JOIN follow f ON f.start_id = k.id AND f.merged_into_id IS NULL)`;

/** The supplier keys of a batch's staged contracts and awards: the contract steps follow only these. */
const CONTRACT_SUPPLIER_KEYS = (id: number) => sql`SELECT supplier_key FROM import_contracts WHERE batch_id = ${id}`;

/** A staged business-unit text (`raw`, '' for none) as the unit's name: trimmed, at most 200 characters, `Unassigned` when blank. */
const unitName = (raw: Sql) => sql`COALESCE(NULLIF(left(trim(${raw}), 200), ''), 'Unassigned')`;

/**
 * The distinct business-unit texts of a batch's staged rows as `raw` ('' for none), the key lines
 * join on: the text functions then run once per distinct text, not once per staged row (on
 * PostgreSQL, `lower(trim(…))` over a million rows cost about 150 ms per 200,000).
 */
const STAGED_UNIT_TEXTS = (id: number) => sql`(SELECT DISTINCT COALESCE(t.text_key, '') AS raw FROM ${STAGED_TEXTS(id, 'UNIT')})`;

/**
 * The distinct texts of one kind among a batch's staged rows, as validation noted them
 * (`import_texts`, staged-texts.ts), as `t`: finding them in the million staged rows took a read
 * of every row per look-up, 0.2-0.6 s each on PostgreSQL (docs/imports.md, "Speed").
 */
const STAGED_TEXTS = (id: number, kind: 'SUPPLIER' | 'UNIT' | 'CATEGORY') => sql`import_texts t WHERE t.batch_id = ${id} AND t.kind = ${kind}`;

/**
 * The business units committing the batch creates: one per staged unit text that no unit has as
 * its name or code, texts that differ only in case as one, named by the smallest of them.
 */
const NEW_UNIT_NAMES = (id: number) => sql`(
  SELECT MIN(n.name) AS name FROM (SELECT ${unitName(sql`u.raw`)} AS name FROM ${STAGED_UNIT_TEXTS(id)} u) n
  WHERE NOT EXISTS (SELECT 1 FROM business_units b WHERE lower(b.name) = lower(n.name) OR lower(b.code) = lower(n.name))
  GROUP BY lower(n.name))`;

/**
 * What committing a validated batch would do besides adding lines, for the notes shown before
 * the commit: the new business units (how many, and the first few names) and the staged rows
 * whose category text matches no category's code or name (they become unclassified lines), both
 * from the texts validation noted (`STAGED_TEXTS`). The rows no FX rate converts are counted by
 * the validation's ledger as it goes (`ImportLedger.unconverted`).
 */
export interface StagedOutlook {
  newUnits: number; someNewUnits: string[]; unmatchedRows: number; unmatchedTexts: number;
}

export async function stagedOutlook(store: Store, id: number): Promise<StagedOutlook> {
  const units = await store.query<{ name: string; n: string }>(
    sql`SELECT v.name, COUNT(*) OVER () AS n FROM ${NEW_UNIT_NAMES(id)} v ORDER BY v.name LIMIT 5`,
    { name: 'imports.outlook.units', timeoutMs: 600_000 },
  );
  const [categories] = await store.query<{ rows_n: string | null; texts: string }>(
    sql`SELECT SUM(t.n) AS rows_n, COUNT(*) AS texts
        FROM (SELECT t.text_key AS raw, SUM(t.rows_n) AS n FROM ${STAGED_TEXTS(id, 'CATEGORY')} GROUP BY t.text_key) t
        WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE lower(c.code) = lower(trim(t.raw)) OR lower(c.name) = lower(trim(t.raw)))`,
    { name: 'imports.outlook.categories', timeoutMs: 600_000 },
  );
  return {
    newUnits: Number(units[0]?.n ?? 0), someNewUnits: units.map((u) => u.name),
    unmatchedRows: Number(categories?.rows_n ?? 0), unmatchedTexts: Number(categories?.texts ?? 0),
  };
}

/**
 * The distinct (supplier key, stored raw name) pairs of the batch's staged rows, each with the
 * smallest of its cleaned names, as a new supplier is named (`stagedNamesTable`): a file names a
 * few thousand payees over a million rows.
 */
const STAGED_NAMES = sql`import_staged_names`;

/**
 * The business units a batch's commit created that nothing refers to once its lines and contracts
 * are gone: no line (of another batch), cost centre, contract, user scope or child unit.
 */
const ORPHANED_UNITS = (id: number) => sql`
  SELECT b.id FROM business_units b WHERE b.created_batch_id = ${id}
    AND NOT EXISTS (SELECT 1 FROM spend_lines s WHERE s.business_unit_id = b.id)
    AND NOT EXISTS (SELECT 1 FROM cost_centers c WHERE c.business_unit_id = b.id)
    AND NOT EXISTS (SELECT 1 FROM contract_business_units c WHERE c.business_unit_id = b.id)
    AND NOT EXISTS (SELECT 1 FROM user_scopes u WHERE u.kind = 'BUSINESS_UNIT' AND u.ref_id = b.id)
    AND NOT EXISTS (SELECT 1 FROM business_units p WHERE p.parent_id = b.id)`;

/**
 * Likewise its suppliers: no line, contract, parent or merge link either way, merge history,
 * classification rule or dismissed merge suggestion names them.
 */
const ORPHANED_SUPPLIERS = (id: number) => sql`
  SELECT x.id FROM suppliers x WHERE x.created_batch_id = ${id} AND x.parent_id IS NULL AND x.merged_into_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM spend_lines s WHERE s.supplier_id = x.id)
    AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.supplier_id = x.id)
    AND NOT EXISTS (SELECT 1 FROM suppliers o WHERE o.parent_id = x.id OR o.merged_into_id = x.id)
    AND NOT EXISTS (SELECT 1 FROM supplier_merges m WHERE m.source_id = x.id OR m.target_id = x.id)
    AND NOT EXISTS (SELECT 1 FROM classification_rules r WHERE r.supplier_id = x.id)
    AND NOT EXISTS (SELECT 1 FROM dismissed_merge_suggestions d WHERE d.supplier_a = x.id OR d.supplier_b = x.id)`;

/**
 * The spend lines a commit added, as a condition over `spend_lines s`: its batch's, all with ids
 * above `base` (`largestLineId` before its first chunk), so the engine reads only the new lines
 * (PostgreSQL by the key's index, DuckDB by its row groups' id ranges), not every line of the
 * database: the three steps that read them (rules, contract matching, totals) no longer grow with it.
 */
const addedLines = (id: number, base: string) => sql`s.import_batch_id = ${id} AND s.id > CAST(${base} AS BIGINT)`;

export const commitSteps = {
  /**
   * The staged rows' supplier names, read once into a temporary table for the three steps that
   * need them (new suppliers, their new aliases, and whose search keys change), each of which read
   * the million staged rows before.
   */
  stagedNamesTable: (id: number) => sql`
    CREATE TEMPORARY TABLE import_staged_names AS
    SELECT t.text_key AS supplier_key, left(t.raw_name, 200) AS raw_name, MIN(t.name) AS supplier_name
    FROM ${STAGED_TEXTS(id, 'SUPPLIER')} GROUP BY 1, 2`,
  createSuppliers: (id: number, now: string) => sql`
    INSERT INTO suppliers (id, name, normalized_name, status, created_batch_id, created_at, updated_at)
    SELECT (SELECT COALESCE(MAX(id), 0) FROM suppliers) + ROW_NUMBER() OVER (ORDER BY k.supplier_key), k.name, k.supplier_key, 'ACTIVE', ${id},
           CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP)
    FROM (SELECT supplier_key, MIN(supplier_name) AS name FROM (
            SELECT supplier_key, supplier_name FROM ${STAGED_NAMES}
            UNION ALL SELECT supplier_key, supplier_name FROM import_contracts WHERE batch_id = ${id}) x
          GROUP BY supplier_key) k
    WHERE NOT EXISTS (SELECT 1 FROM suppliers s WHERE s.normalized_name = k.supplier_key)`,
  /**
   * Each supplier key's surviving supplier, computed once per commit (after `createSuppliers`,
   * which is the only step of a commit that adds suppliers) into a temporary table: a recursive
   * query's size is unknown to the planner, which then built its hash tables on the million staged
   * rows rather than on the few thousand suppliers.
   */
  supplierIdsTable: () => sql`CREATE TEMPORARY TABLE import_supplier_ids AS SELECT k.normalized_name, k.id FROM ${supplierByKey(sql`SELECT supplier_key FROM ${STAGED_NAMES}`)} k`,
  recordAliases: () => sql`
    INSERT INTO supplier_aliases (supplier_id, raw_name)
    SELECT DISTINCT m.id, r.raw_name
    FROM ${STAGED_NAMES} r JOIN import_supplier_ids m ON m.normalized_name = r.supplier_key
    WHERE NOT EXISTS (SELECT 1 FROM supplier_aliases a WHERE a.supplier_id = m.id AND a.raw_name = r.raw_name)`,
  /** The suppliers `recordAliases` is about to give a new alias (run just before it), whose search keys change. */
  suppliersGainingAliases: () => sql`
    SELECT DISTINCT m.id FROM ${STAGED_NAMES} r JOIN import_supplier_ids m ON m.normalized_name = r.supplier_key
    WHERE NOT EXISTS (SELECT 1 FROM supplier_aliases a WHERE a.supplier_id = m.id AND a.raw_name = r.raw_name)`,
  /** The new units (`NEW_UNIT_NAMES`), as `stagedOutlook` announced them at validation (docs/imports.md). */
  createBusinessUnits: (id: number, now: string) => sql`
    INSERT INTO business_units (id, code, name, created_batch_id, created_at, updated_at)
    SELECT (SELECT COALESCE(MAX(id), 0) FROM business_units) + ROW_NUMBER() OVER (ORDER BY v.name),
           'IMP-' || CAST((SELECT COALESCE(MAX(id), 0) FROM business_units) + ROW_NUMBER() OVER (ORDER BY v.name) AS VARCHAR), v.name, ${id},
           CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP)
    FROM ${NEW_UNIT_NAMES(id)} v`,
  /**
   * GL account codes of the file that the ledger does not know become accounts, named by their
   * code until an admin names them (docs/imports.md, "GL accounts"): rules, filters and the
   * classifier can then use them. Codes are matched ignoring case, as lines are linked to them;
   * a code longer than an account code may be is left unlinked, as before.
   */
  createGlAccounts: (id: number, now: string) => sql`
    INSERT INTO gl_accounts (id, code, name, created_at, updated_at)
    SELECT (SELECT COALESCE(MAX(id), 0) FROM gl_accounts) + ROW_NUMBER() OVER (ORDER BY v.code), v.code, v.code,
           CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP)
    FROM (SELECT MIN(trim(r.gl_account)) AS code FROM import_rows r
          WHERE r.batch_id = ${id} AND r.gl_account IS NOT NULL AND length(trim(r.gl_account)) BETWEEN 1 AND 32
          GROUP BY lower(trim(r.gl_account))) v
    WHERE NOT EXISTS (SELECT 1 FROM gl_accounts g WHERE lower(g.code) = lower(v.code))`,
  /**
   * Cost-centre codes of the file that the ledger does not know become cost centres (docs/imports.md,
   * "GL accounts and cost centres"), each in the business unit of the first row (by unit id) that
   * names it; after `businessUnitIdsTable`, whose units the lines get too.
   */
  createCostCenters: (id: number, now: string) => sql`
    INSERT INTO cost_centers (id, code, name, business_unit_id, created_at, updated_at)
    SELECT (SELECT COALESCE(MAX(id), 0) FROM cost_centers) + ROW_NUMBER() OVER (ORDER BY v.code), v.code, v.code, v.unit,
           CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP)
    FROM (SELECT MIN(trim(r.cost_center)) AS code, MIN(bu.id) AS unit FROM import_rows r
          JOIN import_business_unit_ids bu ON bu.raw = COALESCE(r.business_unit, '')
          WHERE r.batch_id = ${id} AND r.cost_center IS NOT NULL AND length(trim(r.cost_center)) BETWEEN 1 AND 32
          GROUP BY lower(trim(r.cost_center))) v
    WHERE v.unit IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cost_centers c WHERE lower(c.code) = lower(v.code))`,
  /**
   * Each staged business-unit text's unit (after `createBusinessUnits`): by name, else by code,
   * one unit per text. Lines join this table, so a text that names a unit by its code gets that
   * unit (it used to match only names, and such rows were left out of the commit).
   */
  businessUnitIdsTable: (id: number) => sql`
    CREATE TEMPORARY TABLE import_business_unit_ids AS
    SELECT v.raw, COALESCE(n.id, c.id) AS id
    FROM (SELECT u.raw, lower(${unitName(sql`u.raw`)}) AS k FROM ${STAGED_UNIT_TEXTS(id)} u) v
    LEFT JOIN (SELECT lower(name) AS k, MIN(id) AS id FROM business_units GROUP BY lower(name)) n ON n.k = v.k
    LEFT JOIN (SELECT lower(code) AS k, MIN(id) AS id FROM business_units GROUP BY lower(code)) c ON c.k = v.k`,
  /**
   * Each staged category text's category: by code, else by name, one category per text (a text
   * that is one category's code and another's name once gave its row two lines). Keyed by the
   * text as staged, like the units.
   */
  categoryIdsTable: (id: number) => sql`
    CREATE TEMPORARY TABLE import_category_ids AS
    SELECT v.raw, COALESCE(c.id, n.id) AS id
    FROM (SELECT u.raw, lower(trim(u.raw)) AS k FROM (SELECT DISTINCT t.text_key AS raw FROM ${STAGED_TEXTS(id, 'CATEGORY')}) u) v
    LEFT JOIN (SELECT lower(code) AS k, MIN(id) AS id FROM categories GROUP BY lower(code)) c ON c.k = v.k
    LEFT JOIN (SELECT lower(name) AS k, MIN(id) AS id FROM categories GROUP BY lower(name)) n ON n.k = v.k`,
  dropLookupTables: () => [
    sql`DROP TABLE IF EXISTS import_staged_names`, sql`DROP TABLE IF EXISTS import_supplier_ids`, sql`DROP TABLE IF EXISTS import_business_unit_ids`,
    sql`DROP TABLE IF EXISTS import_category_ids`,
  ],
  /**
   * The staged rows `chunk` selects (`stagedChunks`) become lines, so a large commit can report
   * progress between chunks. Suppliers, units and categories come from the look-up tables above
   * (tables the planner knows the size of, so it builds its hash tables on the few thousand names,
   * not on the staged rows), each keyed by one text so a row can match at most once; they are
   * outer joins, so a row whose supplier or unit failed to resolve stops the commit on the NOT
   * NULL columns instead of silently going missing. Rows whose reference an earlier batch already delivered (`deliveredBefore`) are left out,
   * by an anti join against those batches' lines only (this batch's own lines, inserted by
   * earlier chunks, are not searched again).
   * A line's id is `base` (the largest id before the commit's first chunk) plus its row's place
   * from the batch's first row `lo`: unique and in file order, with a gap where a row was rejected
   * or left out. Numbering the rows without gaps (`ROW_NUMBER() OVER (ORDER BY row_number)`)
   * sorted every chunk, a third of the statement's time.
   */
  insertLines: (dialect: Dialect, earlier: EarlierBatches, now: string, base: string, lo: number, chunk: Sql) => sql`
    INSERT INTO spend_lines (id, import_batch_id, source_ref, invoice_date, posting_date, supplier_id, raw_supplier_name, category_id,
      classification_source, business_unit_id, cost_center_id, gl_account_id, description, item_key, quantity, unit_price, amount, currency,
      amount_reporting, po_number, source_category, country_code, created_at, updated_at)
    SELECT CAST(${base} AS BIGINT) + (r.row_number - ${lo} + 1), ${earlier.batchId}, r.source_ref, r.invoice_date,
      COALESCE(r.posting_date, r.invoice_date), sup.id, left(r.raw_supplier_name, 200), cat.id, CASE WHEN cat.id IS NULL THEN 'NONE' ELSE 'SOURCE' END,
      bu.id, cc.id, gl.id, left(r.description, 500), ${itemKey(sql`left(r.description, 500)`)}, r.quantity, r.unit_price, r.amount, r.currency, r.amount_reporting,
      left(r.po_number, 64), r.source_category, r.country_code, CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP)
    FROM import_rows r
    LEFT JOIN import_supplier_ids sup ON sup.normalized_name = r.supplier_key
    LEFT JOIN import_business_unit_ids bu ON bu.raw = COALESCE(r.business_unit, '')
    LEFT JOIN import_category_ids cat ON cat.raw = r.category
    LEFT JOIN (SELECT lower(code) AS k, MIN(id) AS id FROM cost_centers GROUP BY lower(code)) cc ON cc.k = lower(trim(r.cost_center))
    LEFT JOIN (SELECT lower(code) AS k, MIN(id) AS id FROM gl_accounts GROUP BY lower(code)) gl ON gl.k = lower(trim(r.gl_account))
    WHERE r.batch_id = ${earlier.batchId} AND ${chunk}
      AND NOT ${deliveredBefore(dialect, earlier)}`,
  /** The largest line id before a commit adds its lines (`insertLines`' base). */
  largestLineId: () => sql`SELECT CAST(COALESCE(MAX(id), 0) AS VARCHAR) AS id FROM spend_lines`,
  /**
   * Open Contracting only: a payment already imported from an earlier release takes the values of
   * the later one (a corrected amount or date), never a second line. Only the earlier OCDS batches'
   * lines are read (`ofEarlierBatches`), not every line joined with its batch; with none, there is
   * nothing to update and no statement.
   */
  updateOcdsLines: (dialect: Dialect, earlier: EarlierBatches, now: string): Sql | null => earlier.ids.length === 0 ? null : sql`
    UPDATE spend_lines AS s SET invoice_date = r.invoice_date, posting_date = COALESCE(r.posting_date, r.invoice_date), amount = r.amount, currency = r.currency,
      amount_reporting = r.amount_reporting, source_category = r.source_category, updated_at = CAST(${now} AS TIMESTAMP)
    FROM import_rows r
    WHERE r.batch_id = ${earlier.batchId} AND ${ofEarlierBatches(dialect, earlier)} AND s.source_ref = r.source_ref
      AND (s.amount <> r.amount OR s.currency <> r.currency OR s.invoice_date <> r.invoice_date
           OR s.amount_reporting IS DISTINCT FROM r.amount_reporting)`,
  /** Contracts and awards of the file update the contract with the same reference, else become new contracts. */
  updateContracts: (id: number, now: string) => sql`
    UPDATE contracts AS c SET award_ref = ic.award_ref, title = ic.title, supplier_id = sup.id, start_date = ic.start_date, end_date = ic.end_date,
      ceiling = ic.ceiling, currency = ic.currency, status = ic.status, version = c.version + 1, updated_at = CAST(${now} AS TIMESTAMP)
    FROM import_contracts ic, ${supplierByKey(CONTRACT_SUPPLIER_KEYS(id))} sup
    WHERE ic.batch_id = ${id} AND sup.normalized_name = ic.supplier_key AND c.source_ref = ic.source_ref`,
  insertContracts: (id: number, now: string) => sql`
    INSERT INTO contracts (id, number, title, supplier_id, start_date, end_date, ceiling, currency, status, source_ref, award_ref, ocid,
      import_batch_id, created_at, updated_at)
    SELECT (SELECT COALESCE(MAX(id), 0) FROM contracts) + ROW_NUMBER() OVER (ORDER BY ic.source_ref), ic.number, ic.title, sup.id,
      ic.start_date, ic.end_date, ic.ceiling, ic.currency, ic.status, ic.source_ref, ic.award_ref, ic.ocid, ${id},
      CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP)
    FROM import_contracts ic JOIN ${supplierByKey(CONTRACT_SUPPLIER_KEYS(id))} sup
      ON sup.normalized_name = ic.supplier_key
    WHERE ic.batch_id = ${id} AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.source_ref = ic.source_ref)
      -- An award a contract already implements is that contract, not a second commitment.
      AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.award_ref = ic.source_ref)`,
  /** Awards stored from earlier files that a contract now implements give way to it. */
  removeImplementedAwards: (id: number) => sql`
    DELETE FROM contracts WHERE source_ref IN (SELECT award_ref FROM import_contracts WHERE batch_id = ${id} AND award_ref IS NOT NULL)`,
  /** Contracts this batch created (not those it only updated) go with it on roll back. */
  removeContracts: (id: number) => sql`DELETE FROM contracts WHERE import_batch_id = ${id}`,
  /** Contracts the batch's contracts and awards stored or updated (they are re-matched with its lines). */
  batchContractIds: (id: number) => sql`
    SELECT c.id FROM contracts c WHERE c.source_ref IN (SELECT source_ref FROM import_contracts WHERE batch_id = ${id})`,
  /** Awards a contract of this batch implements: they are about to give way (removeImplementedAwards). */
  implementedAwardIds: (id: number) => sql`
    SELECT c.id FROM contracts c WHERE c.source_ref IN (SELECT award_ref FROM import_contracts WHERE batch_id = ${id} AND award_ref IS NOT NULL)`,
  /** Contracts the batch created, which a roll back removes. */
  createdContractIds: (id: number) => sql`SELECT id FROM contracts WHERE import_batch_id = ${id}`,
  addedLines,
  /**
   * The spend lines a commit added (`addedLines`), and (Open Contracting) the earlier lines a later
   * release corrected: they are matched to contracts by the one rule.
   */
  committedLines: (id: number, base: string, ocds: boolean) => ocds
    ? sql`(${addedLines(id, base)}) OR s.source_ref IN (SELECT source_ref FROM import_rows WHERE batch_id = ${id})`
    : addedLines(id, base),
  batchTotals: (id: number, base: string) => sql`SELECT COUNT(*) AS n, SUM(s.amount_reporting) AS total FROM spend_lines s WHERE ${addedLines(id, base)}`,
  markCommitted: (id: number, inserted: number, total: string | null, now: string) => sql`
    UPDATE import_batches SET status = 'COMMITTED', committed_at = CAST(${now} AS TIMESTAMP),
      duplicate_count = accepted_count - ${inserted}, total_amount = CAST(${total ?? '0'} AS DECIMAL(18,2)),
      version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
    WHERE id = ${id}`,
  /** The business units and suppliers that exist because this batch's commit created them. */
  createdCounts: (id: number) => sql`
    SELECT (SELECT COUNT(*) FROM business_units WHERE created_batch_id = ${id}) AS units,
           (SELECT COUNT(*) FROM suppliers WHERE created_batch_id = ${id}) AS suppliers`,
  setNotes: (id: number, notes: string) => sql`UPDATE import_batches SET notes = ${notes} WHERE id = ${id}`,
  /** Deletes the batch's staged rows (discard, validating again; a commit goes through `dropStagedRows`). */
  dropStaging: (id: number) => sql`DELETE FROM import_rows WHERE batch_id = ${id}`,
  dropStagedTexts: (id: number) => sql`DELETE FROM import_texts WHERE batch_id = ${id}`,
  dropStagedContracts: (id: number) => sql`DELETE FROM import_contracts WHERE batch_id = ${id}`,
  removeLines: (id: number) => sql`DELETE FROM spend_lines WHERE import_batch_id = ${id}`,
  /** Roll back, after the lines and contracts are gone: how many units and suppliers `removeOrphans` removes. */
  countOrphans: (id: number) => sql`
    SELECT (SELECT COUNT(*) FROM (${ORPHANED_UNITS(id)}) u) AS units, (SELECT COUNT(*) FROM (${ORPHANED_SUPPLIERS(id)}) s) AS suppliers`,
  /** The units and suppliers (with their aliases) the batch's commit created that nothing refers to any more, in this order. */
  removeOrphans: (id: number) => [
    sql`DELETE FROM business_units WHERE id IN (${ORPHANED_UNITS(id)})`,
    sql`DELETE FROM supplier_aliases WHERE supplier_id IN (${ORPHANED_SUPPLIERS(id)})`,
    sql`DELETE FROM suppliers WHERE id IN (${ORPHANED_SUPPLIERS(id)})`,
  ],
  setStatus: (id: number, status: 'ROLLED_BACK' | 'DISCARDED', now: string) => sql`
    UPDATE import_batches SET status = ${status}, rolled_back_at = CASE WHEN ${status} = 'ROLLED_BACK' THEN CAST(${now} AS TIMESTAMP) ELSE rolled_back_at END,
      version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
    WHERE id = ${id}`,
};

/** PostgreSQL's SQLSTATE for a lock a `NOWAIT` statement could not take at once. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * A commit's last step: its staged rows go. Deleting a million rows took PostgreSQL 0.5 s of the
 * commit and left as many dead rows for autovacuum to clear; so when no other batch is validated
 * and waiting for its commit, and no other transaction is using the table at this moment, the
 * table is emptied instead (`TRUNCATE`, a few milliseconds). The lock is asked for with `NOWAIT`
 * under a savepoint: a validation or a preview running beside the commit makes it fall back to
 * the delete, never wait (docs/imports.md, "Speed"). Held to the commit's end, the lock keeps any
 * validation that starts meanwhile from writing rows the truncation would take. A batch validated
 * and never committed or discarded keeps its rows, and every later commit deletes. DuckDB deletes.
 */
export async function dropStagedRows(tx: Store, id: number): Promise<void> {
  // Every statement here has the same time limit: a limit set inside the savepoint and undone by
  // rolling back to it would leave the store believing the session has it.
  const run = (statement: Sql, name: string) => tx.query<{ n: string }>(statement, { name: `imports.commit.${name}`, timeoutMs: 600_000 });
  if (tx.dialect === 'postgres') {
    await run(sql`SAVEPOINT drop_staging`, 'savepoint');
    try {
      await run(sql`LOCK TABLE import_rows IN ACCESS EXCLUSIVE MODE NOWAIT`, 'lockStaging');
      const [waiting] = await run(sql`SELECT COUNT(*) AS n FROM import_batches WHERE status = 'VALIDATED' AND id <> ${id}`, 'otherValidated');
      if (Number(waiting.n) === 0) {
        await run(sql`TRUNCATE import_rows`, 'truncateStaging');
        await run(sql`RELEASE SAVEPOINT drop_staging`, 'release');
        return;
      }
      // Rolling back to the savepoint lets go of the lock: the waiting batch's previews and
      // problems stay readable while this commit deletes its own rows and ends.
      await run(sql`ROLLBACK TO SAVEPOINT drop_staging`, 'rollbackToSavepoint');
    } catch (error) {
      if ((error as { code?: string })?.code !== LOCK_NOT_AVAILABLE) throw error;
      await run(sql`ROLLBACK TO SAVEPOINT drop_staging`, 'rollbackToSavepoint');
    }
  }
  await run(commitSteps.dropStaging(id), 'dropStaging');
}

/** Where a batch's staged rows lie, and how many: `stagedChunks` splits them. */
interface StagedSpan extends Row { lo: string | null; hi: string | null; n: string; first_block: number | null; last_block: number | null }

/**
 * A commit's chunks of a batch's staged rows, each of about `chunkRows` rows, as conditions over
 * `import_rows r`, with the share of the rows done once each has been inserted; and the batch's
 * first row number (`insertLines`' `lo`). On PostgreSQL a chunk is a range of the table's pages
 * (`ctid`, read by a TID range scan): selecting it by row numbers read the whole million-row
 * table again for every chunk, 0.4 s of a five-chunk commit. A validation writes a batch's rows
 * in file order, so pages hold rows in order. DuckDB skips the row groups outside a row-number
 * range by itself.
 */
export async function stagedChunks(tx: Store, id: number, chunkRows: number): Promise<{ n: number; lo: number; chunks: Array<{ where: Sql; done: number }> }> {
  const pages = tx.dialect === 'postgres'
    ? sql`, (MIN(ctid)::text::point)[0] AS first_block, (MAX(ctid)::text::point)[0] AS last_block`
    : sql`, NULL AS first_block, NULL AS last_block`;
  const [span] = await tx.query<StagedSpan>(
    sql`SELECT MIN(row_number) AS lo, MAX(row_number) AS hi, COUNT(*) AS n ${pages} FROM import_rows WHERE batch_id = ${id}`,
    { name: 'imports.commit.range', timeoutMs: 600_000 },
  );
  const n = Number(span.n);
  if (n === 0 || span.lo === null || span.hi === null) return { n: 0, lo: 0, chunks: [] };
  const count = Math.max(1, Math.ceil(n / chunkRows));
  const [from, to] = span.first_block !== null && span.last_block !== null ? [Number(span.first_block), Number(span.last_block)] : [Number(span.lo), Number(span.hi)];
  const step = Math.max(1, Math.ceil((to - from + 1) / count));
  const chunks: Array<{ where: Sql; done: number }> = [];
  for (let start = from; start <= to; start += step) {
    const end = Math.min(to, start + step - 1);
    const where = span.first_block !== null
      ? sql`r.ctid >= CAST(${`(${start},0)`} AS tid) AND r.ctid < CAST(${`(${end + 1},0)`} AS tid)`
      : sql`r.row_number BETWEEN ${start} AND ${end}`;
    chunks.push({ where, done: (end - from + 1) / (to - from + 1) });
  }
  return { n, lo: Number(span.lo), chunks };
}
