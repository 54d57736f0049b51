import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { csvField } from './csv-file.js';
/**
 * Cell writing shared by CSV and XLSX exports. Text that a spreadsheet would run as a formula
 * (starting with = + - @, tab or carriage return) is prefixed with an apostrophe (OWASP's advice
 * against CSV injection); numbers are written as numbers and never altered.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A number carried as its exact decimal text (money from the store), written verbatim. */
export class ExactNumber {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`Not a decimal: ${text}`);
  }
}

export type CsvValue = string | number | ExactNumber | null;

/** A value as an export writes it: exact numbers verbatim, text neutralised, then quoted as any CSV field. */
function exportField(value: CsvValue): string {
  if (value instanceof ExactNumber) return value.text;
  return csvField(typeof value === 'string' ? neutralise(value) : value);
}

/**
 * Every exported CSV starts with a UTF-8 byte order mark: without it Excel reads the file in the
 * machine's ANSI code page and "€" or accented names come out garbled (docs/architecture.md, "Exports").
 */
export const CSV_BOM = '\uFEFF';

/** One line of an exported CSV file, CRLF-terminated as RFC 4180 has it. */
export function csvLine(values: ReadonlyArray<CsvValue>): string {
  return values.map(exportField).join(',') + '\r\n';
}

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', USD: '$', JPY: '¥', CHF: 'CHF ' };

/** Excel number format for an amount in `currency`, with thousands separators and 2 decimals. */
export function moneyFormat(currency: string): string {
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  const quoted = `"${symbol}"`;
  return `${quoted}#,##0.00;-${quoted}#,##0.00`;
}

export const RATIO_FORMAT = '0.0%';
export const COUNT_FORMAT = '#,##0';
export const MAX_XLSX_ROWS = 1_048_576;

/** Writes text to a stream, waiting for it to drain when its buffer is full (bounded memory). */
export async function writeText(out: Writable, text: string | Buffer): Promise<void> {
  if (!out.write(text)) await drained(out);
}

/**
 * Copies a file into a stream through one reused buffer, each piece written once the previous
 * has gone out. Reading it as a stream made a new 1 MiB Buffer per chunk, and during a line export
 * a few dozen MB of them waited for the garbage collector (docs/architecture.md, "Exports").
 */
export async function copyFileTo(out: Writable, path: string, bufferBytes = 1 << 18): Promise<void> {
  const file = await open(path);
  const buffer = Buffer.allocUnsafe(bufferBytes);
  try {
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length);
      if (bytesRead === 0) return;
      await handedOn(out, buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
}

/** Writes `chunk` and resolves once the stream has handed it on (its memory may be reused); rejects when the stream closes or fails first. */
function handedOn(out: Writable, chunk: Buffer): Promise<void> {
  if (out.destroyed || out.closed) return Promise.reject(new Error('The output closed before it was written.'));
  return new Promise<void>((resolve, reject) => {
    const onClose = () => reject(new Error('The output closed before it was written.'));
    out.once('close', onClose);
    out.write(chunk, (error) => {
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Resolves when a full stream drains; rejects when it closes or fails first. A response whose
 * client went away closes without ever draining: waiting for `drain` alone would hold the
 * writer (and the page it was writing) for good.
 */
export function drained(out: Writable): Promise<void> {
  if (out.destroyed || out.closed) return Promise.reject(new Error('The output closed before it was written.'));
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('The output closed before it was written.'));
    const onError = (error: Error) => settle(error);
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', onError);
  });
}
