/** Checks on single cells: redacted payees, currency codes, formula-like text. */

const REDACTED_PATTERNS = [
  /\bredacted\b/,
  /^reacted personal/,
  /^personal (data|information|details|expenses?)$/,
  /\bwithheld\b/,
  /^(name )?not disclosed$/,
  /^private individual/,
  /^data protection$/,
];

/**
 * Every pattern needs one of these words in the key. Letters of the key are the ASCII letters of
 * the lowercased name, and case-insensitive matching (without the u flag) pairs ASCII letters
 * only with ASCII letters, so a name without any of them, in any case, cannot be a redaction.
 */
const REDACTION_WORDS = /redacted|reacted|personal|withheld|disclosed|private|protection/i;

/** "Redacted personal data", "REDACTED COMMERCIAL CONFIDENTIALITY", "Personal Expense", … */
export function isRedactedName(name: string): boolean {
  if (!REDACTION_WORDS.test(name)) return false;
  const key = name.toLowerCase().replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();
  return REDACTED_PATTERNS.some((p) => p.test(key));
}

/**
 * A short cell with no letter or digit ("-", "--", ".", "?", "*"): what published files write for
 * "none". Such a text cell is read as blank, so it does not become a business unit named "-".
 */
export function isPlaceholder(value: string): boolean {
  return value.length <= 3 && !/[\p{L}\p{N}]/u.test(value);
}

export const REDACTED_SUPPLIER = 'REDACTED';
/** The raw supplier name recorded for a row whose payee cell was blank. */
export const NO_PAYEE_GIVEN = '(no payee given)';


/**
 * Text that a spreadsheet would run as a formula. It is stored unchanged (the import keeps data
 * as published; exports escape on the way out) and flagged so a reviewer sees it.
 */
export function looksLikeFormula(text: string): boolean {
  return /^[=@]|^[+-](?![\d.,\s]|$)/.test(text);
}

/** A first character looksLikeFormula can match on: = @ + -. */
export function mayBeFormula(text: string): boolean {
  const c = text.charCodeAt(0);
  return (c === 61 || c === 64 || c === 43 || c === 45) && looksLikeFormula(text);
}

/** `text` cut to `max` characters, marked with an ellipsis when cut (for problems' raw values). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
