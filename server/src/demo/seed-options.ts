/** Command-line values of the seed CLI, parsed and validated (kept apart from the CLI so tests can import them). */
import { MAX_DEMO_LINES, MIN_DEMO_LINES } from './generate.js';

/** A mistake in the command line: printed with the usage text, exit code 1. */
export class UsageError extends Error {}

/** "1000000", "1_000_000", "1,000,000", "10k", "1m", "2.5M" → an integer line count within limits. */
export function parseLineCount(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim().replace(/[_,]/g, ''));
  if (!match) throw new UsageError(`--lines: "${text}" is not a number (examples: 100000, 10k, 1m, 10M)`);
  const factor = { '': 1, k: 1_000, m: 1_000_000 }[match[2].toLowerCase() as '' | 'k' | 'm'];
  const exact = Number(match[1]) * factor;
  // Rounded so that "2.3m" (2299999.9999999995 in binary floating point) means 2,300,000.
  const lines = Math.round(exact);
  if (Math.abs(exact - lines) > 1e-6) throw new UsageError(`--lines: "${text}" is not a whole number of lines`);
  if (lines < MIN_DEMO_LINES || lines > MAX_DEMO_LINES) {
    throw new UsageError(`--lines: ${lines.toLocaleString('en')} is outside ${MIN_DEMO_LINES.toLocaleString('en')} … ${MAX_DEMO_LINES.toLocaleString('en')}`);
  }
  return lines;
}

export function parseSeed(text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) > 0xffffffff) throw new UsageError(`--seed: "${text}" is not an integer 0 … 4294967295`);
  return Number(text);
}
