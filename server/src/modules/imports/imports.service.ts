import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { asOfDate } from '../../config.js';
import { AppError, badInput, notFound } from '../../errors.js';
import type { ImportField, ImportMappingInput, PageInput } from '../../generated/graphql.js';
import { AMOUNT_LIMIT_NOTE, MAX_AMOUNT, amountFits, fromScaled, money, toScaled } from '../../lib/decimal.js';
import { validatePage } from '../../lib/page.js';
import { sql, type Sql } from '../../store/sql.js';
import { sqlTimestamp } from '../../core/time.js';
import { audit } from '../../core/audit.js';
import type { DirectoryCache } from '../../core/directory.js';
import type { RequestData } from '../../core/request-data.js';
import { parseId } from '../../core/ids.js';
import { normaliseSupplierName } from '../../lib/normalise.js';
import { rematchSpendLines } from '../contracts/contracts.service.js';
import { fileByRules } from '../classification/classification.service.js';
import { dropSuggestions, refreshSuggestions, requestRetrain } from '../classification/classifier.service.js';
import { refreshSupplierSearchKeys } from '../suppliers/suppliers.service.js';
import * as q from './imports.queries.js';
import { FxTable } from './fx.js';
import { ImportLedger } from './ledger.js';
import type { CurrencyBasis } from './mapping.js';
import { readSpendFile, type SpendFileRead } from './reader.js';
import { StagedTexts, TEXT_COLUMNS } from './staged-texts.js';
import { StagingLoads } from './staging.js';
import { hash53 } from './source-ref.js';
import { saveUpload, UploadRefused } from './upload.js';
import { ImportFileError } from './types.js';
import { notesAfter, type BatchNote } from './notes.js';
import type { Cell, Store } from '../../store/store.js';
import { ImportJobs, MAX_ATTEMPTS, type ClaimedJob, type JobTimings } from './jobs.js';
import { refreshStatistics, type BulkWrittenTable } from '../../store/dialect.js';
import { SharedVersions } from '../../store/shared-versions.js';
import type { DateFormat, Mapping, RowProblem, TargetField, ValidatedRow } from './types.js';
import { columnLabel } from './validate.js';

export type ImportPhase = 'IDLE' | 'VALIDATING' | 'COMMITTING';


/**
 * What imports share across requests: where uploads live, progress of running work (polled by
 * the console while a validation or commit request is in flight), and one lock so that commits
 * run one at a time (new line ids are allocated from the current maximum).
 */
export class ImportRuntime {
  readonly progress = new Map<number, { phase: ImportPhase; rowsProcessed: number }>();
  /** The jobs' rows in the database: progress other processes see, and take-over when this one dies. */
  readonly jobs: ImportJobs;
  private commitQueue: Promise<unknown> = Promise.resolve();
  /** Rows per staging file during a validation: each is loaded while the next is written (staging.ts). */
  stagingChunkRows = 100_000;
  /** Characters of distinct texts a validation keeps in memory before it writes them out (staged-texts.ts). */
  stagedTextChars = 4_000_000;
  /** Staged rows per insert statement during a commit; progress is reported between them. */
  commitChunkRows = 200_000;
  /** Tests set this to prove a commit failing halfway leaves nothing behind. */
  faultBeforeCommitEnds: ((batchId: number) => void) | null = null;

  /** Bytes one upload may hold: the upload is refused as it streams past them. */
  readonly maxBytes: number;
  /** Rows one batch may hold: validation stops at the first row past it and stages nothing. */
  readonly maxRows: number;
  /** Uploads one user may stream at once (docs/request-limits.md); their count per user. */
  readonly uploadsPerUser: number;
  private readonly uploading = new Map<number, number>();

  constructor(readonly uploadDir: string, limits: { bytes: number; rows: number; uploadsPerUser: number }, readonly directories: DirectoryCache, store: Store, timings: JobTimings) {
    this.maxBytes = limits.bytes;
    this.maxRows = limits.rows;
    this.uploadsPerUser = limits.uploadsPerUser;
    this.jobs = new ImportJobs(store, timings, this.progress);
  }

  /**
   * Counts an upload of `userId` until the returned function is called; refuses it with
   * RATE_LIMITED, before anything is written, when the user already streams `uploadsPerUser`.
   */
  beginUpload(userId: number): () => void {
    const now = this.uploading.get(userId) ?? 0;
    if (now >= this.uploadsPerUser) {
      throw new AppError('RATE_LIMITED', `You are already uploading ${now === 1 ? 'a file' : `${now} files`}. Wait for ${now === 1 ? 'it' : 'one of them'} to finish, then upload this one.`, { retryAfterSeconds: 5 });
    }
    this.uploading.set(userId, now + 1);
    return () => {
      const left = (this.uploading.get(userId) ?? 1) - 1;
      if (left > 0) this.uploading.set(userId, left);
      else this.uploading.delete(userId);
    };
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.commitQueue.then(work, work);
    this.commitQueue = run.catch(() => undefined);
    return run;
  }
}

/** An upload's outcome in the audit log: the batch made, or FAILED with the reason. */
function auditUpload(store: Store, userId: number, batchId: number, after: { fileName: string; sourceName: string; status: 'UPLOADED' | 'FAILED'; reason?: string; bytes?: number }) {
  return audit(store, { userId, action: 'import.upload', entity: 'ImportBatch', entityId: batchId, after });
}

/** What a batch whose upload a stopped server cut off says (`failCutOffUploads`). */
export const CUT_OFF_UPLOAD = 'The upload was cut off: the server stopped before the whole file had arrived. Upload the file again.';

/**
 * At start: batches whose upload a stopped process cut off (made, never given their file) become
 * FAILED with the reason, and their partial files are removed (docs/imports.md). A process alone
 * on its database fails them all; processes sharing one (PostgreSQL) only those made more than
 * `olderThanMs` ago, as another process may still be receiving a recent one.
 */
export async function failCutOffUploads(store: Store, uploadDir: string, olderThanMs: number): Promise<number> {
  const now = new Date();
  const failed = await q.failCutOff(store, sqlTimestamp(new Date(now.getTime() - olderThanMs)), CUT_OFF_UPLOAD, sqlTimestamp(now));
  for (const batch of failed) {
    await rm(join(uploadDir, `${batch.id}.upload`), { force: true });
    if (batch.uploaded_by !== null) {
      await auditUpload(store, batch.uploaded_by, batch.id, { fileName: batch.file_name, sourceName: batch.source_name, status: 'FAILED', reason: CUT_OFF_UPLOAD });
    }
  }
  return failed.length;
}

const FIELD_TO_KEY: Record<ImportField, TargetField> = {
  INVOICE_DATE: 'invoiceDate', AMOUNT: 'amount', SUPPLIER_NAME: 'supplierName', DESCRIPTION: 'description', CATEGORY: 'category',
  BUSINESS_UNIT: 'businessUnit', COST_CENTER: 'costCenter', GL_ACCOUNT: 'glAccount', CURRENCY: 'currency', SOURCE_REF: 'sourceRef',
  PO_NUMBER: 'poNumber', POSTING_DATE: 'postingDate', QUANTITY: 'quantity', UNIT_PRICE: 'unitPrice', COUNTRY: 'country',
};
export const KEY_TO_FIELD = Object.fromEntries(Object.entries(FIELD_TO_KEY).map(([f, k]) => [k, f])) as Record<TargetField, ImportField>;

/** The mapping as stored on a batch: fields → column, date format, and the proposal's confidence per column. */
export interface StoredMapping extends Mapping {
  confidence?: Record<number, number>;
}

export const STAGING_COLUMNS = [
  'batch_id', 'row_number', 'invoice_date', 'amount', 'currency', 'amount_reporting', 'supplier_key', 'supplier_name', 'raw_supplier_name',
  'description', 'category', 'business_unit', 'cost_center', 'gl_account', 'source_ref', 'po_number', 'source_category',
  'posting_date', 'quantity', 'unit_price', 'country_code',
] as const;
const CONTRACT_COLUMNS = [
  'batch_id', 'source_ref', 'award_ref', 'ocid', 'number', 'title', 'supplier_key', 'supplier_name', 'start_date', 'end_date', 'ceiling', 'currency', 'status',
] as const;

/** OCDS contract and award statuses → the stored contract status (docs/imports.md). */
function contractStatus(ocds: string): 'DRAFT' | 'ACTIVE' | 'TERMINATED' {
  if (ocds === 'pending') return 'DRAFT';
  if (ocds === 'cancelled' || ocds === 'terminated' || ocds === 'unsuccessful') return 'TERMINATED';
  return 'ACTIVE';
}

/** A contract number that fits VARCHAR(64) and stays unique: the reference, or its start and a hash of it. */
export function contractNumber(ref: string): string {
  return ref.length <= 64 ? ref : `${ref.slice(0, 50)}~${hash53(ref).toString(36)}`;
}
const PROBLEM_COLUMNS = ['batch_id', 'row_number', 'severity', 'column_name', 'code', 'message', 'raw_value'] as const;

/**
 * A commit of at least this many lines is a bulk write: it refreshes the lines' statistics on
 * PostgreSQL before matching them (docs/postgres.md, "Statistics") and is folded into the DuckDB
 * file at once (docs/durability.md). Smaller ones leave both to autovacuum and the periodic
 * checkpoint: `ANALYZE` took about 0.27 s and `CHECKPOINT` 0.09 s, more than the rest of a small
 * file's commit.
 */
const BULK_COMMIT_LINES = 5_000;

/**
 * One statement of a commit, named `imports.commit.<name>`; a chunk of lines hands the memory it
 * used back as it ends (`releaseMemory`, docs/architecture.md, "Memory").
 */
function commitStep(tx: Store, s: Sql, name: string, releaseMemory = false): Promise<void> {
  return tx.execute(s, { name: `imports.commit.${name}`, timeoutMs: 600_000, releaseMemory });
}

/** The answer to committing a batch that is not (or no longer) validated. */
function notCommittable(status: string): AppError {
  return new AppError('INVALID_STATE', `Only a validated import can be committed; this one is ${status.toLowerCase().replace('_', ' ')}.`, { status });
}

/** A count as notes write it: `1,234`. */
const count = (n: number) => n.toLocaleString('en-GB');

/** A decimal string with thousands separators: `902365.64` → `902,365.64`. */
const grouped = (amount: string) => amount.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

type Counts = { units: number | string; suppliers: number | string };

/** "`lead` 3 business units and 1 supplier `tail`", or null when both counts are nought. */
function countsNote(lead: string, counts: Counts, tail: string): string | null {
  const units = Number(counts.units);
  const suppliers = Number(counts.suppliers);
  const parts = [
    units > 0 ? `${count(units)} business ${units === 1 ? 'unit' : 'units'}` : null,
    suppliers > 0 ? `${count(suppliers)} ${suppliers === 1 ? 'supplier' : 'suppliers'}` : null,
  ].filter((p) => p !== null);
  return parts.length > 0 ? `${lead} ${parts.join(' and ')} ${tail}` : null;
}

/**
 * What the commit will do besides adding lines, said before it (docs/imports.md): the business
 * units it creates, the rows whose category text matches no category, and per currency the rows
 * no FX rate converts.
 */
function outlookNotes(o: q.StagedOutlook & { unconverted: Array<{ currency: string; rows: number; amount: string }> }, reporting: string): BatchNote[] {
  const notes: BatchNote[] = [];
  const untilValidation = (text: string) => notes.push({ text, until: 'validate' });
  if (o.newUnits > 0) {
    const named = o.someNewUnits.map((name) => `“${name}”`).join(', ');
    const more = o.newUnits > o.someNewUnits.length ? ` and ${count(o.newUnits - o.someNewUnits.length)} more` : '';
    // The commit says what it did create instead.
    notes.push({ text: `Committing creates ${count(o.newUnits)} new business ${o.newUnits === 1 ? 'unit' : 'units'}: ${named}${more}. If the column does not hold business units, map it to another field.`, until: 'commit' });
  }
  if (o.unmatchedRows > 0) {
    untilValidation(`${count(o.unmatchedRows)} ${o.unmatchedRows === 1 ? 'row names a category' : 'rows name a category'} that matches none in the taxonomy (${count(o.unmatchedTexts)} different ${o.unmatchedTexts === 1 ? 'text' : 'texts'}): their lines keep the file's text as their source category and stay unclassified unless a classification rule files them (rules run at the commit) or an admin does.`);
  }
  for (const u of o.unconverted) {
    untilValidation(`${count(u.rows)} ${u.rows === 1 ? 'row' : 'rows'} (${grouped(u.amount)} ${u.currency} as in the file) ${u.rows === 1 ? 'has' : 'have'} no ${u.currency} rate for ${u.rows === 1 ? 'its' : 'their'} month, so the total in ${reporting} leaves ${u.rows === 1 ? 'it' : 'them'} out: ${u.rows === 1 ? 'its line counts' : 'their lines count'} in ${reporting} totals only once a rate for ${u.currency} is added under FX rates.`);
  }
  return notes;
}

/** A file past the rows one import takes (`SPENDSCOPE_IMPORT_MAX_ROWS`, docs/request-limits.md): refused whole, saying how to split it. */
function tooManyRows(limit: number): AppError {
  const max = limit.toLocaleString('en-GB');
  return new AppError('BAD_USER_INPUT', `The file has more than ${max} rows, the most one import takes. Split it into files of at most ${max} rows and import each of them.`, { field: 'id', limit });
}

/**
 * A batch's total in the reporting currency is stored like an amount (DECIMAL(18,2)): `what`
 * adding up to `cents`, beyond it, refuses the validation or commit (docs/imports.md, "Amounts
 * that do not fit"). The batch stays as it was.
 */
function totalTooLarge(what: string, cents: bigint, reporting: string, advice: string): AppError {
  const total = fromScaled(cents, 2);
  return new AppError(
    'BAD_USER_INPUT',
    `${what} add up to ${total} ${reporting}, more than an import's total can be stored as (${AMOUNT_LIMIT_NOTE}). ${advice}`,
    { field: 'id', total, limit: MAX_AMOUNT },
  );
}

export class ImportsService {
  constructor(private readonly data: RequestData, private readonly runtime: ImportRuntime) {}

  private requireImporter() {
    const viewer = this.data.viewer();
    viewer.require('import');
    return viewer;
  }

  /**
   * An uploaded file becomes an UPLOADED batch with its layout detected, or a FAILED batch with the
   * reason (too large, interrupted, unreadable), reported as UploadRefused. The file streams to
   * the upload folder and is never held in memory.
   */
  async receive(fileNameInput: string, sourceNameInput: string, body: NodeJS.ReadableStream): Promise<number> {
    const viewer = this.requireImporter();
    const fileName = fileNameInput.trim().slice(0, 300);
    const sourceName = sourceNameInput.trim().slice(0, 200);
    if (!fileName) throw badInput('fileName', 'Give the file name (fileName).');
    if (!sourceName) throw badInput('sourceName', 'Name the source the file comes from (sourceName), e.g. "Oxford City Council".');
    const endUpload = this.runtime.beginUpload(viewer.user.id);
    try {
      return await this.receiveFile(viewer.user.id, fileName, sourceName, body);
    } finally {
      endUpload();
    }
  }

  private async receiveFile(userId: number, fileName: string, sourceName: string, body: NodeJS.ReadableStream): Promise<number> {
    await mkdir(this.runtime.uploadDir, { recursive: true });
    const id = await q.insertBatch(this.data.store, { fileName, sourceName, uploadedBy: userId, now: sqlTimestamp(new Date()) });
    const filePath = join(this.runtime.uploadDir, `${id}.upload`);
    const fail = async (message: string) => {
      await rm(filePath, { force: true });
      await q.markFailed(this.data.store, id, message, sqlTimestamp(new Date()));
      await auditUpload(this.data.store, userId, id, { fileName, sourceName, status: 'FAILED', reason: message });
    };
    const saved = await saveUpload(body, filePath, this.runtime.maxBytes);
    if ('failed' in saved) {
      const message = saved.failed === 'TOO_LARGE'
        ? `${fileName} is larger than the ${Math.round(this.runtime.maxBytes / 1048576)} MB an import may be.`
        : `The upload of ${fileName} was interrupted; try again.`;
      await fail(message);
      throw new UploadRefused(saved.failed, message, id);
    }
    try {
      await this.detect(id, fileName, sourceName, filePath, saved.bytes);
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error;
      await fail(error.message);
      throw new UploadRefused('UNREADABLE', error.message, id, { reason: error.reason });
    }
    await auditUpload(this.data.store, userId, id, { fileName, sourceName, status: 'UPLOADED', bytes: saved.bytes });
    return id;
  }

  /** The batch's row problems in row order, as rows of cells (row, severity, column, code, message, value). */
  async *problemRows(id: string): AsyncGenerator<Cell[]> {
    const batch = await this.batch(id);
    for await (const chunk of this.data.store.stream(q.allProblems(batch.id), { name: 'imports.problemsCsv' })) yield* chunk.rows;
  }

  async batch(id: string): Promise<q.BatchRow> {
    this.requireImporter();
    const found = await q.findBatch(this.data.store, parseId(id, 'id'));
    if (!found) throw notFound('Import batch', id);
    return found;
  }

  async list(page: PageInput | null | undefined) {
    this.requireImporter();
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const { rows, totalCount } = await q.listBatches(this.data.store, offset, limit);
    return { nodes: rows, totalCount };
  }

  /** This process's own progress, else what the job's row says (another process runs it), else IDLE. */
  async progress(id: number) {
    return this.runtime.progress.get(id) ?? (await this.runtime.jobs.progress(id)) ?? { phase: 'IDLE' as const, rowsProcessed: 0 };
  }

  /**
   * Runs again a job whose process stopped (docs/imports.md, "Jobs that survive their process"),
   * as the user who started it; a job whose batch has moved on, or that failed too often, just ends.
   */
  async resume(job: ClaimedJob): Promise<void> {
    const batch = await q.findBatch(this.data.store, job.batchId);
    const due = batch !== null
      && ((job.phase === 'VALIDATING' && batch.status === 'UPLOADED' && job.input !== null) || (job.phase === 'COMMITTING' && batch.status === 'VALIDATED'));
    if (!due || job.attempts > MAX_ATTEMPTS) {
      // A file whose validation keeps taking its process down is failed; a commit is left to be tried again by hand.
      if (due && job.phase === 'VALIDATING') {
        await q.markFailed(this.data.store, job.batchId, `Validation stopped with its server ${MAX_ATTEMPTS} times; upload the file again or split it.`, sqlTimestamp(new Date()));
      }
      await this.runtime.jobs.end(job.batchId);
      return;
    }
    if (job.phase === 'VALIDATING') await this.validate(String(job.batchId), JSON.parse(job.input!) as ImportMappingInput);
    else await this.commit(String(job.batchId));
  }

  async problems(id: number, severity: string | null | undefined, page: PageInput | null | undefined) {
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    if (severity && severity !== 'ERROR' && severity !== 'WARNING') throw badInput('severity', 'severity must be ERROR or WARNING.');
    const { rows, totalCount } = await q.problems(this.data.store, id, severity ?? null, offset, limit);
    return {
      nodes: rows.map((r) => ({ rowNumber: Number(r.row_number), severity: r.severity, column: r.column_name, code: r.code, message: r.message, rawValue: r.raw_value })),
      totalCount,
    };
  }

  async preview(id: number, limit: number) {
    const rows = await q.preview(this.data.store, id, Math.min(Math.max(limit, 1), 200));
    return rows.map((r) => ({
      rowNumber: Number(r.row_number), invoiceDate: r.invoice_date, amount: money(r.amount), currency: r.currency,
      amountReporting: r.amount_reporting === null ? null : money(r.amount_reporting), supplierName: r.supplier_name, description: r.description, category: r.category,
      businessUnit: r.business_unit, sourceRef: r.source_ref,
    }));
  }

  /** Reads the stored file's layout; uses the source's saved mapping when the headers are the same. */
  async detect(id: number, fileName: string, sourceName: string, filePath: string, fileSize: number): Promise<void> {
    const saved = await q.sourceMapping(this.data.store, sourceName);
    const read = await readSpendFile(
      { fileName, stream: () => createReadStream(filePath) },
      { today: asOfDate(this.data.config), defaultCurrency: saved?.default_currency ?? undefined },
    );
    const reuse = saved && saved.headers === JSON.stringify(read.headers);
    const mapping: StoredMapping = reuse
      ? (JSON.parse(saved.mapping) as StoredMapping)
      : { ...read.mapping, confidence: Object.fromEntries(read.proposedMapping.proposals.map((p) => [p.column, p.confidence])) };
    const notes: BatchNote[] = reuse ? [`Columns mapped as the last file from ${sourceName}.`] : [];
    // Advice for the mapping step, where the currency is then chosen and shown: validation drops it.
    const advice = (text: string) => notes.push({ text, until: 'validate' });
    // The default currency is never guessed silently: its basis is stored and shown, and when
    // nothing in the file or the source says, the mapping step asks (docs/imports.md).
    let currency: string | null = null;
    let basis: CurrencyBasis | null = null;
    if (saved?.default_currency) {
      currency = saved.default_currency;
      basis = 'SAVED_FOR_SOURCE';
      advice(`Amounts without a currency are read as ${currency}, as chosen for ${sourceName} before; change it in the mapping step if wrong.`);
    } else if (read.currencyGuess) {
      currency = read.currencyGuess.currency;
      basis = read.currencyGuess.basis;
      advice(`Amounts without a currency are read as ${currency} (${read.currencyGuess.evidence}); change it in the mapping step if wrong.`);
    } else if (read.format !== 'OCDS_JSON' && mapping.columns.currency === undefined) {
      advice(`Nothing in the file says which currency its amounts are in: choose it in the mapping step before validating.`);
    }
    await q.markDetected(this.data.store, id, {
      format: read.format, encoding: read.encoding, delimiter: read.delimiter, headerRow: read.headerRow, headers: JSON.stringify(read.headers),
      mapping: JSON.stringify(mapping), defaultCurrency: currency, currencyBasis: basis,
      filePath, fileSize, notes: JSON.stringify(notes), now: sqlTimestamp(new Date()),
    });
  }

  private mappingFrom(input: ImportMappingInput, headers: string[]): { mapping: StoredMapping; currency: string | null } {
    const columns: Partial<Record<TargetField, number>> = {};
    input.columns.forEach((c, i) => {
      const key = FIELD_TO_KEY[c.field];
      if (columns[key] !== undefined) throw badInput(`mapping.columns.${i}.field`, `${c.field} is mapped to more than one column.`);
      if (!Number.isInteger(c.column) || c.column < 0 || c.column >= headers.length) {
        throw badInput(`mapping.columns.${i}.column`, `Column ${c.column} does not exist; the file has ${headers.length} columns.`);
      }
      columns[key] = c.column;
    });
    // A required field left unmapped is allowed: every row is then rejected with its reason
    // (e.g. DATE_MISSING for a file that has no date column at all), which the preview shows.
    const currency = input.defaultCurrency?.trim().toUpperCase() || null;
    if (currency !== null && !/^[A-Z]{3}$/.test(currency)) throw badInput('mapping.defaultCurrency', 'defaultCurrency must be an ISO 4217 code such as GBP.');
    return { mapping: { columns, ...(input.dateFormat ? { dateFormat: input.dateFormat as DateFormat } : {}) }, currency };
  }

  /** Validates every row with the mapping and stages the accepted ones; nothing reaches spend. */
  async validate(id: string, input: ImportMappingInput): Promise<q.BatchRow> {
    const viewer = this.requireImporter();
    const batch = await this.batch(id);
    if (batch.status !== 'UPLOADED' && batch.status !== 'VALIDATED') {
      throw new AppError('INVALID_STATE', `A ${batch.status.toLowerCase().replace('_', ' ')} import cannot be validated again.`, { status: batch.status });
    }
    if (this.runtime.progress.get(batch.id)) throw new AppError('INVALID_STATE', 'This import is already being processed.');
    // A batch is made when its upload starts and gets its file once the upload has arrived whole
    // and been read: one still streaming, or cut off by a server that stopped, has none yet.
    if (batch.file_path === null) {
      throw new AppError('INVALID_STATE', `${batch.file_name} has not arrived whole: if its upload stopped, discard this import and upload the file again.`, { status: batch.status });
    }
    const headers = JSON.parse(batch.headers ?? '[]') as string[];
    const { mapping, currency: chosen } = this.mappingFrom(input, headers);
    // The batch's currency: the user's choice, else what detection decided (with its basis).
    const currency = chosen ?? batch.default_currency;
    const currencyBasis = chosen === null ? batch.currency_basis : chosen === batch.default_currency ? (batch.currency_basis ?? 'CHOSEN') : 'CHOSEN';
    if (currency === null && batch.format !== 'OCDS_JSON' && mapping.columns.currency === undefined) {
      // Never reject every row for a default nobody was asked about.
      throw badInput('mapping.defaultCurrency', 'The file does not say which currency its amounts are in: choose the currency (defaultCurrency) or map a currency column.');
    }
    const store = this.data.store;
    const fx = new FxTable(await q.fxRates(store), this.data.config.reportingCurrency);
    await this.runtime.jobs.begin(batch.id, 'VALIDATING', JSON.stringify(input), viewer.user.id);
    const progress = { phase: 'VALIDATING' as ImportPhase, rowsProcessed: 0 };
    this.runtime.progress.set(batch.id, progress);
    try {
      const read = await readSpendFile(
        { fileName: batch.file_name, stream: () => createReadStream(batch.file_path!) },
        { mapping, defaultCurrency: currency ?? undefined, today: asOfDate(this.data.config) },
      );
      // One transaction from the first staged row to the batch's new status: rows are loaded in
      // chunks while the file is still being read (staging.ts), and a failure or a crash at any
      // point leaves the batch as it was (docs/imports.md, "How a file is validated").
      await store.transaction(async (tx) => {
        await q.clearStaging(tx, batch.id);
        const loads = new StagingLoads(tx, this.runtime.uploadDir, String(batch.id));
        try {
          const ledger = await this.stageRows(batch.id, read, fx, loads, progress);
          // The total is stored like an amount: rows that each fit may together not (docs/imports.md).
          const total = ledger.reportingCents();
          if (!amountFits(total)) throw totalTooLarge('The accepted rows', total, this.data.config.reportingCurrency, 'Split the file into smaller files and import each of them.');
          await loads.finish();
          // The staged rows are joined with the lines next, and again at commit (docs/postgres.md, "Statistics").
          for (const statement of refreshStatistics(tx.dialect, ['import_rows', 'import_contracts'])) await tx.execute(statement, { name: 'imports.analyze', timeoutMs: 600_000 });
          const outlook = outlookNotes({ ...(await q.stagedOutlook(tx, batch.id)), unconverted: ledger.unconverted() }, this.data.config.reportingCurrency);
          const now = sqlTimestamp(new Date());
          // Keep what detection found (the date format it settled on, the proposal's confidence per column).
          const previous = JSON.parse(batch.mapping ?? '{}') as StoredMapping;
          const storedMapping = JSON.stringify({ ...mapping, dateFormat: mapping.dateFormat ?? read.mapping.dateFormat, confidence: previous.confidence });
          await q.markValidated(tx, await q.earlierBatches(tx, batch.id, batch.format, batch.source_name), {
            mapping: storedMapping, defaultCurrency: currency, currencyBasis, contractCount: read.commitments.length, rowCount: ledger.rowCount,
            accepted: ledger.acceptedCount, rejected: ledger.rejectedCount, warnings: ledger.warningCount,
            totalReporting: ledger.reportingTotal(), sourceTotals: JSON.stringify(ledger.sourceTotals()),
            // Keep what detection noted (e.g. a remembered mapping) ahead of what reading the rows noted.
            notes: notesAfter(batch.notes, 'validate', ...read.notes, ...outlook), now,
          });
          await q.saveSourceMapping(tx, batch.source_name, batch.headers ?? '[]', storedMapping, currency, now);
          await audit(tx, { userId: viewer.user.id, action: 'import.validate', entity: 'ImportBatch', entityId: batch.id, after: { accepted: ledger.acceptedCount, rejected: ledger.rejectedCount, warnings: ledger.warningCount } });
        } catch (error) {
          await loads.abandon();
          throw error;
        }
      });
    } finally {
      this.runtime.progress.delete(batch.id);
      // A row left (the store closing under it) is only taken over later and found done.
      await this.runtime.jobs.end(batch.id).catch(() => undefined);
    }
    return this.batch(id);
  }

  /**
   * Writes a read file's commitments, problems and accepted rows to staging (through `loads`,
   * which loads full chunks while later rows are read) and counts them in a ledger.
   */
  private async stageRows(batchId: number, read: SpendFileRead, fx: FxTable, loads: StagingLoads, progress: { rowsProcessed: number }): Promise<ImportLedger> {
    const rowsOut = loads.table('import_rows', STAGING_COLUMNS, this.runtime.stagingChunkRows);
    const problemsOut = loads.table('import_problems', PROBLEM_COLUMNS, this.runtime.stagingChunkRows);
    const contractsOut = loads.table('import_contracts', CONTRACT_COLUMNS, this.runtime.stagingChunkRows);
    for (const c of read.commitments) {
      const supplierKey = normaliseSupplierName(c.supplier) || c.supplier.trim().toLowerCase();
      const full = contractsOut.writeValues([
        batchId, c.ref.slice(0, 400), c.kind === 'contract' && c.awardId !== '' ? `${c.ocid}/award/${c.awardId}`.slice(0, 400) : null,
        c.ocid.slice(0, 200), contractNumber(c.ref), c.title.slice(0, 300), supplierKey.slice(0, 200),
        c.supplier.trim().slice(0, 200), c.startDate, c.endDate < c.startDate ? c.startDate : c.endDate, c.ceiling, c.currency, contractStatus(c.status),
      ]);
      if (full) await contractsOut.flush();
    }
    // Blank text is stored as NULL (bulk loads cannot tell the two apart, and neither can a reader).
    const text = (v: string | null | undefined, max: number) => (v ? v.slice(0, max) : null);
    let problemsFull = false;
    const writeProblem = (p: RowProblem, severity: 'ERROR' | 'WARNING') => {
      if (problemsOut.writeValues([batchId, p.rowNumber, severity, text(p.column, 2000), p.code, p.message.slice(0, 2000), text(p.rawValue, 2000)])) problemsFull = true;
    };
    const reporting = this.data.config.reportingCurrency;
    const amountColumn = columnLabel(read.headers, read.mapping, 'amount');
    const ledger = new ImportLedger();
    const texts = new StagedTexts(this.runtime.stagedTextChars);
    const textsOut = loads.table('import_texts', TEXT_COLUMNS, this.runtime.stagingChunkRows);
    const writeTexts = async () => {
      for (const values of texts.drain(batchId)) if (textsOut.writeValues(values)) await textsOut.flush();
    };
    const maxRows = this.runtime.maxRows;
    for await (const validated of read.rows) {
      // A file past the row limit is refused whole, before its rows reach the engine (docs/request-limits.md).
      if (ledger.rowCount >= maxRows) throw tooManyRows(maxRows);
      // The reporting amount is worked out before the row is counted: one that does not fit a
      // stored amount makes the row an error, like an amount that does not fit (docs/imports.md).
      const conversion = validated.ok ? fx.convert(validated.row.amount, validated.row.currency, validated.row.invoiceDate) : null;
      const v: ValidatedRow = validated.ok && conversion?.kind === 'TOO_LARGE'
        ? { ok: false, rowNumber: validated.rowNumber, errors: [fx.tooLargeProblem(validated.row, conversion, amountColumn)], warnings: validated.warnings }
        : validated;
      ledger.add(v);
      progress.rowsProcessed = ledger.rowCount;
      for (const w of v.warnings) writeProblem(w, 'WARNING');
      if (!v.ok) {
        for (const e of v.errors) writeProblem(e, 'ERROR');
      } else {
        const r = v.row;
        let converted: string | null = null;
        if (conversion?.kind === 'CONVERTED') {
          converted = conversion.amount;
          ledger.addReporting(converted);
        } else {
          ledger.warn('FX_RATE_MISSING');
          ledger.addUnconverted(r.currency, r.amount);
          writeProblem({
            rowNumber: r.rowNumber, column: 'currency', code: 'FX_RATE_MISSING', rawValue: r.currency,
            message: `No ${r.currency} rate for ${r.invoiceDate.slice(0, 7)}: the line is kept in ${r.currency} and left out of ${reporting} totals until a rate is added.`,
          }, 'WARNING');
        }
        const name = r.supplierName.slice(0, 200);
        const rawName = r.rawSupplierName.slice(0, 200);
        const category = text(r.category, 2000);
        const businessUnit = text(r.businessUnit, 2000);
        const key = texts.add(rawName, name, r.supplierRedacted, businessUnit, category);
        if (texts.full) await writeTexts();
        const full = rowsOut.writeValues([
          batchId, r.rowNumber, r.invoiceDate, r.amount, r.currency, converted, key, name,
          rawName, text(r.description, 2000), category, businessUnit, text(r.costCenter, 2000),
          text(r.glAccount, 2000), r.sourceRef.slice(0, 200), text(r.poNumber, 2000),
          // The source's category text stays on the line even when no taxonomy node matches it.
          text(r.category, 200),
          r.postingDate, r.quantity, r.unitPrice, r.country,
        ]);
        if (full) await rowsOut.flush();
      }
      if (problemsFull) {
        problemsFull = false;
        await problemsOut.flush();
      }
    }
    await writeTexts();
    return ledger;
  }

  /** All accepted rows become spend lines in one transaction, or none do. */
  async commit(id: string): Promise<q.BatchRow> {
    const viewer = this.requireImporter();
    return this.runtime.exclusive(async () => {
      const batch = await this.batch(id);
      if (batch.status !== 'VALIDATED') {
        throw notCommittable(batch.status);
      }
      // An Open Contracting file may bring contracts and no payment: it still has something to commit.
      if (Number(batch.accepted_count ?? 0) === 0 && Number(batch.contract_count ?? 0) === 0) {
        throw new AppError('INVALID_STATE', 'Nothing to commit: no row of this import was accepted. Discard it, or correct the file and upload it again.', { status: batch.status });
      }
      await this.runtime.jobs.begin(batch.id, 'COMMITTING', null, viewer.user.id);
      const progress = { phase: 'COMMITTING' as ImportPhase, rowsProcessed: 0 };
      this.runtime.progress.set(batch.id, progress);
      const now = sqlTimestamp(new Date());
      let committedLines = 0;
      try {
        await this.data.store.transaction(async (tx) => {
          if (tx.dialect === 'postgres') {
            // Line ids follow the largest one: commits on other processes wait (docs/scale-out.md).
            await SharedVersions.exclusive(tx, 'import_commit');
            // A commit of the same batch on another process may have ended while this one waited.
            const [current] = await tx.query<{ status: string }>(q.batchStatus(batch.id), { name: 'imports.commit.status' });
            if (!current) throw notFound('Import batch', id);
            if (current.status !== 'VALIDATED') throw notCommittable(current.status);
            // So one commit runs at a time: its chunks' joins and sorts stay in memory, not on disk (docs/postgres.md, "Session settings").
            await tx.execute(sql`SET LOCAL work_mem = '256MB'`, { name: 'imports.commit.workMem' });
          }
          const step = (s: Sql, name: string) => commitStep(tx, s, name);
          const { lines: committed, base, earlier } = await this.commitLines(tx, batch, now, progress);
          committedLines = committed;
          const contractIds: number[] = [];
          if (batch.format === 'OCDS_JSON') {
            const updateLines = earlier && q.commitSteps.updateOcdsLines(tx.dialect, earlier, now);
            if (updateLines) {
              await step(updateLines, 'updateLines');
              // A corrected amount or date reaches the suggestions' copies (the review queue).
              await refreshSuggestions(tx, sql`g.line_id IN (SELECT s.id FROM spend_lines s WHERE s.source_ref IN (SELECT source_ref FROM import_rows WHERE batch_id = ${batch.id}))`);
            }
            await step(q.commitSteps.updateContracts(batch.id, now), 'updateContracts');
            await step(q.commitSteps.insertContracts(batch.id, now), 'insertContracts');
            const ids = async (s: ReturnType<typeof sql>, name: string) =>
              (await tx.query<{ id: number }>(s, { name: `imports.commit.${name}` })).map((r) => r.id);
            contractIds.push(...(await ids(q.commitSteps.implementedAwardIds(batch.id), 'implementedAwardIds')));
            await step(q.commitSteps.removeImplementedAwards(batch.id), 'implementedAwards');
            contractIds.push(...(await ids(q.commitSteps.batchContractIds(batch.id), 'contractIds')));
          }
          // The classification rules file the new lines the file did not (docs/imports.md, step 5),
          // before matching: a line's category decides its contract.
          const ruleFiled = base !== null && committedLines > 0 ? await fileByRules(tx, q.commitSteps.addedLines(batch.id, base)) : 0;
          // New lines are matched to contracts by the same rule as contract edits (docs/domain.md);
          // contracts the file stored or changed re-match the lines they can reach.
          await rematchSpendLines(tx, { ...(base !== null ? { lines: q.commitSteps.committedLines(batch.id, base, batch.format === 'OCDS_JSON') } : {}), contractIds });
          const [totals] = base === null
            ? [{ n: '0', total: null }]
            : await tx.query<{ n: string; total: string | null }>(q.commitSteps.batchTotals(batch.id, base), { name: 'imports.commit.totals' });
          // Rows an earlier file delivered are left out, so the lines added can add up to more than
          // the validated total; one that does not fit is refused like at validation, and the
          // transaction takes back every line written so far.
          const committedCents = toScaled(totals.total ?? '0', 2);
          if (!amountFits(committedCents)) {
            throw totalTooLarge(
              `The ${Number(totals.n)} lines this import would add (rows already imported from ${batch.source_name} left out)`, committedCents,
              this.data.config.reportingCurrency, 'Discard this import, split the file into smaller files and import each of them.',
            );
          }
          this.runtime.faultBeforeCommitEnds?.(batch.id);
          // What validation said the commit would create becomes what it did create.
          const [created] = await tx.query<Counts>(q.commitSteps.createdCounts(batch.id), { name: 'imports.commit.created' });
          const createdNote = countsNote('The commit created', created, 'that were not in Spendscope before.');
          const rulesNote = ruleFiled > 0 ? `Classification rules filed ${count(ruleFiled)} of its lines into categories.` : null;
          await step(q.commitSteps.setNotes(batch.id, notesAfter(batch.notes, 'commit', createdNote, rulesNote)), 'notes');
          await step(q.commitSteps.markCommitted(batch.id, Number(totals.n), totals.total, now), 'mark');
          await q.dropStagedRows(tx, batch.id);
          await step(q.commitSteps.dropStagedContracts(batch.id), 'dropStagedContracts');
          await step(q.commitSteps.dropStagedTexts(batch.id), 'dropStagedTexts');
          await audit(tx, { userId: viewer.user.id, action: 'import.commit', entity: 'ImportBatch', entityId: batch.id, after: { lines: Number(totals.n), total: totals.total } });
          // The classifier learns from the file's classified lines and scores its unclassified ones
          // (auto-classify files the confident ones), debounced in the background (docs/domain.md, "Classification").
          await requestRetrain(tx);
        });
      } finally {
        this.runtime.progress.delete(batch.id);
        await this.runtime.jobs.end(batch.id).catch(() => undefined);
      }
      // New suppliers and business units may have appeared.
      this.runtime.directories.invalidate();
      // A large write: fold it into the database file now (docs/durability.md). The commit is
      // already durable in the write-ahead log, so a checkpoint that fails does not fail it. A
      // small one waits for the periodic checkpoint: it costs as much as a whole small commit.
      if (committedLines >= BULK_COMMIT_LINES) await this.data.store.checkpoint().catch(() => undefined);
      return this.batch(id);
    });
  }

  /**
   * A commit's first part: the suppliers of the staged rows and contracts, then the rows'
   * aliases, business units and categories, and the rows themselves as lines (docs/imports.md,
   * "How a file is validated and committed"). A batch that staged no row (an Open Contracting file
   * of contracts and awards only) needs its contracts' suppliers and nothing more: `base` and
   * `earlier` are then null, and the steps about lines are not run.
   */
  private async commitLines(
    tx: Store, batch: q.BatchRow, now: string, progress: { rowsProcessed: number },
  ): Promise<{ lines: number; base: string | null; earlier: q.EarlierBatches | null }> {
    const step = (s: Sql, name: string, releaseMemory = false) => commitStep(tx, s, name, releaseMemory);
    const dropLookups = async () => {
      for (const s of q.commitSteps.dropLookupTables()) await step(s, 'dropLookups');
    };
    // Temporary tables get no statistics by themselves: without them the planner took a few
    // business units for a thousand and sorted the chunk to merge-join them (docs/postgres.md, "Statistics").
    const analyse = async (tables: BulkWrittenTable[]) => {
      for (const statement of refreshStatistics(tx.dialect, tables)) await tx.execute(statement, { name: 'imports.commit.analyzeLookups' });
    };
    await dropLookups();
    await step(q.commitSteps.stagedNamesTable(batch.id), 'stagedNames');
    await step(q.commitSteps.createSuppliers(batch.id, now), 'suppliers');
    await step(q.commitSteps.supplierIdsTable(), 'supplierIds');
    await analyse(['import_staged_names', 'import_supplier_ids']);
    const gaining = await tx.query<{ id: number }>(q.commitSteps.suppliersGainingAliases(), { name: 'imports.commit.gainingAliases', timeoutMs: 600_000 });
    await step(q.commitSteps.recordAliases(), 'aliases');
    // New suppliers and new aliases are found by the supplier search at once (docs/domain.md, "Finding suppliers").
    await refreshSupplierSearchKeys(tx, { ids: gaining.map((r) => r.id), missing: true });
    if (Number(batch.accepted_count ?? 0) === 0) {
      await dropLookups();
      return { lines: 0, base: null, earlier: null };
    }
    await step(q.commitSteps.createBusinessUnits(batch.id, now), 'businessUnits');
    await step(q.commitSteps.createGlAccounts(batch.id, now), 'glAccounts');
    await step(q.commitSteps.businessUnitIdsTable(batch.id), 'businessUnitIds');
    await step(q.commitSteps.createCostCenters(batch.id, now), 'costCenters');
    await step(q.commitSteps.categoryIdsTable(batch.id), 'categoryIds');
    await analyse(['import_business_unit_ids', 'import_category_ids']);
    // Lines go in chunks of staged rows inside this one transaction: still all or nothing, but
    // the console can show rows processed while a large file commits.
    const staged = await q.stagedChunks(tx, batch.id, this.runtime.commitChunkRows);
    const [{ id: base }] = await tx.query<{ id: string }>(q.commitSteps.largestLineId(), { name: 'imports.commit.largestId' });
    const earlier = await q.earlierBatches(tx, batch.id, batch.format, batch.source_name);
    for (const chunk of staged.chunks) {
      await step(q.commitSteps.insertLines(tx.dialect, earlier, now, base, staged.lo, chunk.where), 'lines', true);
      progress.rowsProcessed = Math.round(chunk.done * staged.n);
    }
    await dropLookups();
    // Matching and the statements below read the lines just added (docs/postgres.md, "Statistics"):
    // a bulk write's, that is; a few hundred lines are left to autovacuum like other small writes.
    if (staged.n >= BULK_COMMIT_LINES) {
      for (const statement of refreshStatistics(tx.dialect, ['spend_lines'])) await tx.execute(statement, { name: 'imports.commit.analyze', timeoutMs: 600_000 });
    }
    return { lines: staged.n, base, earlier };
  }

  async rollback(id: string): Promise<q.BatchRow> {
    const viewer = this.requireImporter();
    return this.runtime.exclusive(async () => {
      const batch = await this.batch(id);
      if (batch.status !== 'COMMITTED') throw new AppError('INVALID_STATE', `Only a committed import can be rolled back; this one is ${batch.status.toLowerCase().replace('_', ' ')}.`, { status: batch.status });
      const now = sqlTimestamp(new Date());
      await this.data.store.transaction(async (tx) => {
        const created = await tx.query<{ id: number }>(q.commitSteps.createdContractIds(batch.id), { name: 'imports.rollback.contractIds' });
        // The lines leave the review queue with their suggestions.
        await dropSuggestions(tx, sql`SELECT id FROM spend_lines WHERE import_batch_id = ${batch.id}`);
        await tx.execute(q.commitSteps.removeLines(batch.id), { name: 'imports.rollback.lines', timeoutMs: 600_000 });
        await tx.execute(q.commitSteps.removeContracts(batch.id), { name: 'imports.rollback.contracts' });
        // Lines of other batches matched to a contract that goes with this batch are matched again.
        await rematchSpendLines(tx, { contractIds: created.map((r) => r.id) });
        // The units and suppliers its commit created go too, unless something else refers to them by now.
        const [orphans] = await tx.query<Counts>(q.commitSteps.countOrphans(batch.id), { name: 'imports.rollback.countOrphans' });
        for (const statement of q.commitSteps.removeOrphans(batch.id)) await tx.execute(statement, { name: 'imports.rollback.orphans' });
        // What it created and is still there is what something else uses.
        const [kept] = await tx.query<Counts>(q.commitSteps.createdCounts(batch.id), { name: 'imports.rollback.kept' });
        const rollbackNotes = [
          countsNote('Rolling back removed', orphans, 'that nothing else used.'),
          countsNote('It kept', kept, 'it had created: other spend, a contract, a rule, a merge or a user’s scope uses them by now.'),
        ];
        await tx.execute(q.commitSteps.setNotes(batch.id, notesAfter(batch.notes, null, ...rollbackNotes)), { name: 'imports.rollback.notes' });
        await tx.execute(q.commitSteps.setStatus(batch.id, 'ROLLED_BACK', now), { name: 'imports.rollback.mark' });
        await audit(tx, {
          userId: viewer.user.id, action: 'import.rollback', entity: 'ImportBatch', entityId: batch.id,
          after: { removedBusinessUnits: Number(orphans.units), removedSuppliers: Number(orphans.suppliers) },
        });
      });
      this.runtime.directories.invalidate();
      await this.data.store.checkpoint().catch(() => undefined);
      return this.batch(id);
    });
  }

  async discard(id: string): Promise<q.BatchRow> {
    const viewer = this.requireImporter();
    const batch = await this.batch(id);
    if (batch.status !== 'VALIDATED' && batch.status !== 'UPLOADED') {
      throw new AppError('INVALID_STATE', `Only an import that is not committed can be discarded; this one is ${batch.status.toLowerCase().replace('_', ' ')}.`, { status: batch.status });
    }
    const now = sqlTimestamp(new Date());
    await this.data.store.transaction(async (tx) => {
      await tx.execute(q.commitSteps.dropStaging(batch.id), { name: 'imports.discard.rows' });
      await tx.execute(q.commitSteps.dropStagedContracts(batch.id), { name: 'imports.discard.contracts' });
      await tx.execute(q.commitSteps.dropStagedTexts(batch.id), { name: 'imports.discard.texts' });
      await tx.execute(q.commitSteps.setStatus(batch.id, 'DISCARDED', now), { name: 'imports.discard.mark' });
      await audit(tx, { userId: viewer.user.id, action: 'import.discard', entity: 'ImportBatch', entityId: batch.id });
    });
    if (batch.file_path) await rm(batch.file_path, { force: true });
    return this.batch(id);
  }
}

