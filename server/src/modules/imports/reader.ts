/**
 * One entry point for an uploaded spend file: detects format, encoding, delimiter and header,
 * proposes a mapping, and streams validated rows. Memory stays bounded for CSV and XLSX (one
 * sniffed prefix of LIMITS.sniffBytes, a few hundred sample rows, one record at a time); OCDS
 * JSON has to be parsed whole and is capped at LIMITS.maxJsonBytes (SPEC §9: 200 MB per file).
 */
import { tokenizeCsvBatches } from './csv.js';
import { assertTextFile, createDecoder, detectDelimiter, detectEncoding, detectHeaderRow } from './detect.js';
import { dateHintFor, detectDateFormat, detectDefaultCurrency, proposeMapping, type CurrencyGuess } from './mapping.js';
import { extractOcdsRows, looksLikeOcds, OCDS_HEADERS, OCDS_MAPPING, type OcdsCommitment } from './ocds.js';
import {
  ImportFileError,
  LIMITS,
  type ImportFormat,
  type ImportSummary,
  type Mapping,
  type ProblemCode,
  type ProposedMapping,
  type RawRow,
  type ValidatedRow,
} from './types.js';
import { parseAmount, RowValidator } from './validate.js';
import { readXlsxRows } from './xlsx.js';

export interface SpendFileInput {
  fileName: string;
  /** The upload's bytes; a factory is called once. */
  stream: AsyncIterable<Buffer | Uint8Array> | (() => AsyncIterable<Buffer | Uint8Array>);
  format?: ImportFormat;
}

export interface ReadOptions {
  /** The mapping confirmed by the user; the proposal is used when absent. */
  mapping?: Mapping;
  /** The batch's default currency; detected from the file (with its basis) when absent. */
  defaultCurrency?: string;
  /** 'YYYY-MM-DD', for the "more than a year in the future" warning. */
  today: string;
  onProgress?(rows: number): void;
}

export interface SpendFileRead {
  format: ImportFormat;
  /** 'utf-8' | 'utf-8 (BOM)' | 'utf-8 (double-encoded BOM)' | 'windows-1252'; null for XLSX. */
  encoding: string | null;
  delimiter: string | null;
  /** Physical line (CSV) or sheet row (XLSX) of the header; null for OCDS. */
  headerRow: number | null;
  headers: string[];
  proposedMapping: ProposedMapping;
  /** The mapping rows are validated with (the given one, or the proposal). */
  mapping: Mapping;
  defaultCurrency: string | undefined;
  /** How the default currency was detected when none was given; undefined when nothing in the file says. */
  currencyGuess: CurrencyGuess | undefined;
  /** OCDS contracts and awards (commitments, never spend); empty for tables. */
  commitments: OcdsCommitment[];
  /** Validated data rows; iterate once. */
  rows: AsyncIterable<ValidatedRow>;
  /** Counts and totals so far; complete once `rows` has been iterated to the end. */
  summary(): ImportSummary;
}

const CHUNK_BYTES = 64 * 1024;
/** Rows looked at to find the header, the data width and the date format. */
const SAMPLE_ROWS = LIMITS.headerSearchRows + 200;
const PROGRESS_EVERY = 10_000;

/** Splits large buffers so no step ever handles more than CHUNK_BYTES at once. */
async function* rechunk(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    for (let i = 0; i < chunk.length; i += CHUNK_BYTES) yield chunk.subarray(i, Math.min(i + CHUNK_BYTES, chunk.length));
  }
}

/**
 * Asks the source for its next chunk before handing out the current one, so a file read is in
 * flight while that chunk is parsed rather than after it. Values and errors come in the same order.
 */
async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  for (;;) {
    const current = await next;
    if (current.done) return;
    next = iterator.next();
    // Awaited on the next turn; until then a failure must not count as unhandled.
    next.catch(() => undefined);
    yield current.value;
  }
}

/** Reads the first `limit` bytes and returns them plus a stream replaying everything. */
async function sniff(
  source: AsyncIterable<Uint8Array>,
  limit: number,
): Promise<{ sample: Uint8Array; complete: boolean; all: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < limit) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const sample = Buffer.concat(head).subarray(0, limit);
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { sample, complete: done && size <= limit, all: all() };
}

/** Raw rows a batch at a time (null at the end): per-row work then needs no await. */
interface RowBatches {
  next(): Promise<RawRow[] | null>;
}

/** One row per batch, for sources that cannot batch (XLSX). */
function singleRows(rows: AsyncIterable<RawRow>): RowBatches {
  const iterator = rows[Symbol.asyncIterator]();
  return {
    async next() {
      const next = await iterator.next();
      return next.done ? null : [next.value];
    },
  };
}

/** Takes the first `n` rows and returns them plus the rows already read after them. */
async function peekRows(source: RowBatches, n: number): Promise<{ head: RawRow[]; extra: RawRow[] }> {
  const head: RawRow[] = [];
  let extra: RawRow[] = [];
  while (head.length < n) {
    const batch = await source.next();
    if (batch === null) break;
    const take = Math.min(n - head.length, batch.length);
    for (let i = 0; i < take; i++) head.push(batch[i]);
    if (take < batch.length) extra = batch.slice(take);
  }
  return { head, extra };
}

function formatOf(fileName: string, sample: Uint8Array): ImportFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'xlsx' || ext === 'xlsm') return 'XLSX';
  if (ext === 'json') return 'OCDS_JSON';
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv') return 'CSV';
  if (sample[0] === 0x50 && sample[1] === 0x4b) return 'XLSX';
  const first = Buffer.from(sample.subarray(0, 64)).toString('utf8').replace(/^\uFEFF/, '').trimStart()[0];
  return first === '{' || first === '[' ? 'OCDS_JSON' : 'CSV';
}

function emptySummary(notes: string[]): ImportSummary {
  return {
    rowCount: 0,
    acceptedCount: 0,
    rejectedCount: 0,
    warningCount: 0,
    totalsByCurrency: {},
    totalCents: 0n,
    problemCounts: {},
    notes,
  };
}

function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const SAFE_SUM = 2 ** 52;

/** Exact sums of cents: a float accumulator while that is exact, BigInt beyond. */
class CentsSum {
  big = 0n;
  small = 0;

  add(cents: number): void {
    this.small += cents;
    if (this.small > SAFE_SUM || this.small < -SAFE_SUM) this.flush();
  }

  flush(): void {
    this.big += BigInt(this.small);
    this.small = 0;
  }

  value(): bigint {
    return this.small === 0 ? this.big : this.big + BigInt(this.small);
  }
}

/**
 * Cents of an accepted amount ("-1234.50"): a number when it is a safe integer (at most 15
 * digits, so a sum of one more stays exact), undefined otherwise.
 */
function smallCents(amount: string): number | undefined {
  const n = amount.length;
  const negative = amount.charCodeAt(0) === 45;
  // Digits = length less the point and the sign; 15 digits stay below 2^50.
  if (n - (negative ? 2 : 1) > 15) return undefined;
  let i = negative ? 1 : 0;
  let cents = 0;
  for (; i < n; i++) {
    const c = amount.charCodeAt(i);
    if (c !== 46) cents = cents * 10 + (c - 48);
  }
  return negative ? -cents : cents;
}

/**
 * The validated rows of a table: raw rows come in batches and are validated one at a time as
 * the consumer asks for them, so a row costs one resolved promise rather than a chain of async
 * generator steps. Counters of the batch are kept as rows are handed out.
 */
class ValidatedRows implements AsyncIterableIterator<ValidatedRow> {
  private batch: RawRow[];
  private index = 0;
  private finished = false;
  private pending: Promise<IteratorResult<ValidatedRow>> | null = null;
  private readonly totals = new Map<string, CentsSum>();
  private readonly total = new CentsSum();
  private totalsStale = false;

  constructor(
    first: RawRow[],
    private readonly source: RowBatches | null,
    private readonly validator: RowValidator,
    private readonly summary: ImportSummary,
    private readonly onProgress: ((rows: number) => void) | undefined,
  ) {
    this.batch = first;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ValidatedRow>> {
    if (this.pending !== null) {
      // A call made while a batch is being read waits its turn, as with an async generator.
      return this.pending.then(
        () => this.next(),
        () => this.next(),
      );
    }
    if (this.index < this.batch.length && !this.finished) {
      try {
        return Promise.resolve({ value: this.take(), done: false });
      } catch (error) {
        // As with an async generator: the failure rejects this call and ends the iteration.
        this.finished = true;
        return Promise.reject(error);
      }
    }
    const pending = this.refill();
    this.pending = pending;
    const clear = () => {
      if (this.pending === pending) this.pending = null;
    };
    pending.then(clear, clear);
    return pending;
  }

  return(): Promise<IteratorResult<ValidatedRow>> {
    this.finished = true;
    this.batch = [];
    this.index = 0;
    return Promise.resolve({ value: undefined, done: true });
  }

  /** The summary with the totals brought up to date. */
  current(): ImportSummary {
    if (this.totalsStale) this.refreshTotals();
    return this.summary;
  }

  private async refill(): Promise<IteratorResult<ValidatedRow>> {
    if (this.finished) return { value: undefined, done: true };
    this.refreshTotals();
    while (this.index >= this.batch.length) {
      let next: RawRow[] | null;
      try {
        next = this.source === null ? null : await this.source.next();
      } catch (error) {
        this.finished = true;
        this.batch = [];
        this.index = 0;
        throw error;
      }
      if (this.finished) return { value: undefined, done: true };
      if (next === null) {
        this.finished = true;
        this.batch = [];
        this.index = 0;
        this.onProgress?.(this.summary.rowCount);
        return { value: undefined, done: true };
      }
      this.batch = next;
      this.index = 0;
    }
    try {
      return { value: this.take(), done: false };
    } catch (error) {
      this.finished = true;
      throw error;
    }
  }

  private take(): ValidatedRow {
    const summary = this.summary;
    const result = this.validator.validate(this.batch[this.index++]);
    summary.rowCount++;
    if (result.ok) {
      summary.acceptedCount++;
      const { amount, currency } = result.row;
      let sum = this.totals.get(currency);
      if (sum === undefined) {
        sum = new CentsSum();
        this.totals.set(currency, sum);
      }
      const cents = smallCents(amount);
      if (cents === undefined) {
        const big = BigInt(amount.replace('.', ''));
        sum.big += big;
        this.total.big += big;
      } else {
        sum.add(cents);
        this.total.add(cents);
      }
      this.totalsStale = true;
    } else {
      summary.rejectedCount++;
      for (const e of result.errors) count(summary, e.code);
    }
    const warnings = result.warnings;
    if (warnings.length > 0) {
      summary.warningCount += warnings.length;
      for (const w of warnings) count(summary, w.code);
    }
    if (this.onProgress && summary.rowCount % PROGRESS_EVERY === 0) this.onProgress(summary.rowCount);
    return result;
  }

  private refreshTotals(): void {
    this.summary.totalCents = this.total.value();
    for (const [currency, sum] of this.totals) this.summary.totalsByCurrency[currency] = centsText(sum.value());
    this.totalsStale = false;
  }
}

function count(summary: ImportSummary, code: ProblemCode): void {
  summary.problemCounts[code] = (summary.problemCounts[code] ?? 0) + 1;
}

async function readTable(
  fileName: string,
  format: 'CSV' | 'XLSX',
  rowSource: RowBatches,
  options: ReadOptions,
  meta: { encoding: string | null; delimiter: string | null },
): Promise<SpendFileRead> {
  const { head, extra } = await peekRows(rowSource, SAMPLE_ROWS);
  if (head.length === 0) throw new ImportFileError(`${fileName} has no rows.`, 'EMPTY');
  const header = detectHeaderRow(head);
  if (header.headers.filter((h) => h !== '').length < 2) {
    throw new ImportFileError(
      `${fileName}: no header row with at least two columns was found in the first ${LIMITS.headerSearchRows} lines ` +
        '(is it a table separated by commas, semicolons or tabs?).',
      'NO_HEADER',
    );
  }
  const samples = head.slice(header.index + 1);
  const guessColumns = (options.mapping ?? proposeMapping(header.headers)).columns;
  const cellsOf = (column: number | undefined) => (column === undefined ? [] : samples.map((r) => r.cells[column] ?? ''));
  const currencyGuess =
    options.defaultCurrency === undefined
      ? detectDefaultCurrency(header.headers, cellsOf(guessColumns.amount), cellsOf(guessColumns.supplierName), (raw) => {
          const p = parseAmount(raw);
          return p.ok ? p.currency : undefined;
        })
      : undefined;
  const defaultCurrency = options.defaultCurrency?.toUpperCase() ?? currencyGuess?.currency;
  const proposedMapping = proposeMapping(header.headers, {
    sampleRows: samples.map((r) => r.cells),
    dateHint: dateHintFor(defaultCurrency),
  });
  const mapping = resolveMapping(options.mapping, proposedMapping, samples, dateHintFor(defaultCurrency));
  const notes = [...header.notes];
  if (samples.length === 0) notes.push('The file has a header row but no data rows: it imports as 0 rows.');
  if (proposedMapping.missingRequired.length > 0 && !options.mapping) {
    notes.push(`No column was recognised for: ${proposedMapping.missingRequired.join(', ')}; map it by hand.`);
  }
  const summary = emptySummary(notes);
  const validator = new RowValidator({ headers: header.headers, mapping, defaultCurrency, today: options.today });
  const rows = new ValidatedRows(samples.concat(extra), rowSource, validator, summary, options.onProgress);
  return {
    format,
    encoding: meta.encoding,
    delimiter: meta.delimiter,
    headerRow: header.rowNumber,
    headers: header.headers,
    proposedMapping,
    mapping,
    defaultCurrency,
    currencyGuess,
    commitments: [],
    rows,
    summary: () => rows.current(),
  };
}

/** A user mapping without a date format gets the one detected on its date column. */
function resolveMapping(
  given: Mapping | undefined,
  proposed: ProposedMapping,
  samples: readonly RawRow[],
  hint: 'DMY' | 'MDY' | undefined,
): Mapping {
  if (!given) return { columns: proposed.columns, dateFormat: proposed.dateFormat };
  if (given.dateFormat !== undefined || given.columns.invoiceDate === undefined) return given;
  const column = given.columns.invoiceDate;
  const detected = detectDateFormat(samples.map((r) => r.cells[column] ?? ''), hint);
  return { ...given, dateFormat: detected.format };
}

async function readCsv(fileName: string, source: AsyncIterable<Uint8Array>, options: ReadOptions): Promise<SpendFileRead> {
  const { sample, complete, all } = await sniff(source, LIMITS.sniffBytes);
  assertTextFile(sample, fileName);
  const detected = detectEncoding(sample, complete);
  const sampleText = createDecoder(detected.encoding).decode(sample.subarray(detected.bomLength));
  const delimiter = detectDelimiter(sampleText);
  const decoder = createDecoder(detected.encoding);
  async function* text(): AsyncGenerator<string> {
    let skip = detected.bomLength;
    for await (const chunk of all) {
      const bytes = skip > 0 ? chunk.subarray(skip) : chunk;
      skip = Math.max(0, skip - chunk.length);
      const decoded = decoder.decode(bytes);
      if (decoded) yield decoded;
    }
    const tail = decoder.end();
    if (tail) yield tail;
  }
  const encoding =
    detected.bom === 'bom' ? 'utf-8 (BOM)' : detected.bom === 'double-bom' ? 'utf-8 (double-encoded BOM)' : detected.encoding;
  return readTable(fileName, 'CSV', tokenizeCsvBatches(text(), delimiter), options, { encoding, delimiter });
}

async function readOcds(fileName: string, source: AsyncIterable<Uint8Array>, options: ReadOptions): Promise<SpendFileRead> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > LIMITS.maxJsonBytes) {
      throw new ImportFileError(
        `${fileName} is larger than ${LIMITS.maxJsonBytes / 1024 / 1024} MB, the limit for JSON files.`,
        'TOO_LARGE',
      );
    }
    parts.push(chunk);
  }
  if (size === 0) throw new ImportFileError(`${fileName} is empty.`, 'EMPTY');
  const sample = Buffer.concat(parts);
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { ignoreBOM: false }).decode(sample));
  } catch (error) {
    throw new ImportFileError(
      `${fileName} is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`,
      'INVALID_JSON',
    );
  }
  if (!looksLikeOcds(doc)) {
    throw new ImportFileError(
      `${fileName} is JSON but not Open Contracting data (no releases, records or ocid).`,
      'UNSUPPORTED_FORMAT',
    );
  }
  const extraction = extractOcdsRows(doc);
  const headers = [...OCDS_HEADERS];
  const defaultCurrency = options.defaultCurrency?.toUpperCase();
  const summary = emptySummary(extraction.notes);
  const validator = new RowValidator({ headers, mapping: OCDS_MAPPING, defaultCurrency, today: options.today });
  const rows = new ValidatedRows(extraction.rows, null, validator, summary, options.onProgress);
  return {
    format: 'OCDS_JSON',
    encoding: 'utf-8',
    delimiter: null,
    headerRow: null,
    headers,
    proposedMapping: {
      ...OCDS_MAPPING,
      proposals: Object.entries(OCDS_MAPPING.columns).map(([field, column]) => ({
        column,
        header: headers[column],
        field: field as keyof typeof OCDS_MAPPING.columns,
        confidence: 1,
      })),
      missingRequired: [],
    },
    mapping: OCDS_MAPPING,
    defaultCurrency,
    currencyGuess: undefined,
    commitments: extraction.commitments,
    rows,
    summary: () => rows.current(),
  };
}

/**
 * Reads an uploaded spend file. Throws ImportFileError (code IMPORT_INVALID) when the file cannot
 * be read at all; row-level problems come back on the rows and in summary().
 */
export async function readSpendFile(input: SpendFileInput, options: ReadOptions): Promise<SpendFileRead> {
  const stream = typeof input.stream === 'function' ? input.stream() : input.stream;
  // Plain (sync) iterables of buffers are accepted too, as `for await` takes them: those go as they are.
  const ahead = typeof (stream as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function' ? readAhead(stream) : stream;
  const { sample, all } = await sniff(rechunk(ahead), CHUNK_BYTES);
  if (sample.length === 0) throw new ImportFileError(`${input.fileName} is empty.`, 'EMPTY');
  const format = input.format ?? formatOf(input.fileName, sample);
  switch (format) {
    case 'CSV':
      return readCsv(input.fileName, all, options);
    case 'OCDS_JSON':
      return readOcds(input.fileName, all, options);
    case 'XLSX': {
      if (!(sample[0] === 0x50 && sample[1] === 0x4b)) {
        throw new ImportFileError(`${input.fileName} is not an XLSX workbook (it is not a ZIP file).`, 'INVALID_XLSX');
      }
      return readTable(input.fileName, 'XLSX', singleRows(readXlsxRows(toBuffers(all))), options, { encoding: null, delimiter: null });
    }
  }
}

async function* toBuffers(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of source) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
