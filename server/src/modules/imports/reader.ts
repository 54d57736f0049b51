/**
 * One entry point for an uploaded spend file: detects format, encoding, delimiter and header,
 * proposes a mapping, and streams validated rows. Memory stays bounded for CSV and XLSX (one
 * sniffed prefix of LIMITS.sniffBytes, a few hundred sample rows, one record at a time); OCDS
 * JSON has to be parsed whole and is capped at LIMITS.maxJsonBytes (200 MB per file by default, SPENDSCOPE_IMPORT_MAX_MB).
 */
import { parseAmount } from './amount.js';
import { CHUNK_BYTES, readAhead, rechunk, sniff, toBuffers } from './byte-stream.js';
import { CsvRecordTooLong, tokenizeCsvBatches } from '../../lib/csv.js';
import { assertTextFile, createDecoder, detectDelimiter, detectEncoding, detectHeaderRow } from './detect.js';
import { dateHintFor, detectDateFormat, detectDefaultCurrency, proposeMapping, type CurrencyGuess } from './mapping.js';
import { extractOcdsRows, looksLikeOcds, OCDS_HEADERS, OCDS_MAPPING, type OcdsCommitment } from './ocds.js';
import { peekRows, singleRows, ValidatedRows, type RowBatches } from './row-stream.js';
import {
  ImportFileError,
  LIMITS,
  type ImportFormat,
  type Mapping,
  type ProposedMapping,
  type RawRow,
  type ValidatedRow,
} from './types.js';
import { RowValidator } from './validate.js';
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
  /** Validated data rows; iterate once (an ImportLedger counts them). */
  rows: AsyncIterable<ValidatedRow>;
  /** Human-readable notes about the file as a whole, e.g. why an OCDS file gave 0 rows. */
  notes: string[];
}

/** Rows looked at to find the header, the data width and the date format. */
const SAMPLE_ROWS = LIMITS.headerSearchRows + 200;

function formatOf(fileName: string, sample: Uint8Array): ImportFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'xlsx' || ext === 'xlsm') return 'XLSX';
  if (ext === 'json') return 'OCDS_JSON';
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv') return 'CSV';
  if (sample[0] === 0x50 && sample[1] === 0x4b) return 'XLSX';
  const first = Buffer.from(sample.subarray(0, 64)).toString('utf8').replace(/^\uFEFF/, '').trimStart()[0];
  return first === '{' || first === '[' ? 'OCDS_JSON' : 'CSV';
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
  const validator = new RowValidator({ headers: header.headers, mapping, defaultCurrency, today: options.today });
  const rows = new ValidatedRows(samples.concat(extra), rowSource, validator);
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
    notes,
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
  return readTable(fileName, 'CSV', importRecords(tokenizeCsvBatches(text(), delimiter)), options, { encoding, delimiter });
}

/** The tokenizer's "record too long" becomes the import's own file error (the batch fails, IMPORT_INVALID). */
function importRecords(batches: { next(): Promise<RawRow[] | null> }): { next(): Promise<RawRow[] | null> } {
  return {
    async next() {
      try {
        return await batches.next();
      } catch (error) {
        if (!(error instanceof CsvRecordTooLong)) throw error;
        throw new ImportFileError(
          `Line ${error.line} is longer than ${error.maxRecordChars.toLocaleString('en')} characters; ` +
            'this does not look like a spend file (or a quote is never closed).',
          'LINE_TOO_LONG',
        );
      }
    },
  };
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
  const validator = new RowValidator({ headers, mapping: OCDS_MAPPING, defaultCurrency, today: options.today });
  const rows = new ValidatedRows(extraction.rows, null, validator);
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
    notes: extraction.notes,
  };
}

/**
 * Reads an uploaded spend file. Throws ImportFileError (code IMPORT_INVALID) when the file cannot
 * be read at all; row-level problems come back on the rows.
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
