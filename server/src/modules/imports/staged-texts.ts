/**
 * The distinct texts of a batch's staged rows, noted as validation writes them (table
 * `import_texts`, docs/imports.md "Speed"): each supplier (key, raw name, name) and each
 * business-unit and category text, with how many rows carry it. A file names a few thousand of
 * them over a million rows; the validation's outlook and the commit's look-ups read these instead
 * of reading every staged row again. The values noted are the very values staged, so what the
 * look-ups find is what a read of the staged rows would find.
 */

import { detached } from '../../lib/csv.js';
import { normaliseSupplierName } from '../../lib/normalise.js';

export const TEXT_COLUMNS = ['batch_id', 'kind', 'text_key', 'raw_name', 'name', 'rows_n'] as const;

/** How many rows carry a text: an object, so a repeat costs one look-up rather than a get and a set. */
interface Count {
  n: number;
}

/** Counts per text, `null` (no text) counted apart: a Map key cannot tell it from a string. */
class TextCounts {
  // Texts kept as Map keys are copies (`detached`), not slices of the file's text.
  readonly counts = new Map<string, Count>();
  none = 0;

  /** Counts `text`; returns the characters a newly kept text adds (0 for one already kept). */
  add(text: string | null): number {
    if (text === null) {
      this.none++;
      return 0;
    }
    const count = this.counts.get(text);
    if (count !== undefined) {
      count.n++;
      return 0;
    }
    this.counts.set(detached(text), { n: 1 });
    return text.length + 1;
  }

  clear(): void {
    this.counts.clear();
    this.none = 0;
  }
}

/** A raw supplier name as staged: its name, whether it is the redacted payee, its key, and its rows. */
interface SupplierText extends Count {
  name: string;
  redacted: boolean;
  key: string;
}

/**
 * A staged row's supplier key: the normalised name (lowercased when normalising leaves nothing),
 * or `redacted` for the redacted and undisclosed payees; at most 200 characters like the column.
 */
export function supplierKey(name: string, redacted: boolean): string {
  return (redacted ? 'redacted' : normaliseSupplierName(name) || name.toLowerCase()).slice(0, 200);
}

/**
 * Memory is bounded whatever the file: once the texts kept reach `maxChars` characters (a column
 * mapped by mistake may hold a different text on every row), `full` says so and the caller writes
 * them out (`drain`) and goes on; a text may then be noted more than once, each time with the rows
 * seen since the last drain, and readers add up `rows_n` per text.
 */
export class StagedTexts {
  /**
   * Suppliers by raw name. The name and the redacted mark follow from the raw name (validate.ts),
   * so one look-up per row finds its key too; a raw name seen with another name or mark (which
   * validation never gives) is kept apart in `otherSuppliers`, so the count stays right regardless.
   */
  private readonly suppliers = new Map<string, SupplierText>();
  private readonly otherSuppliers: Array<SupplierText & { raw: string }> = [];
  private readonly units = new TextCounts();
  private readonly categories = new TextCounts();
  private chars = 0;

  constructor(private readonly maxChars = 4_000_000) {}

  /**
   * Notes one staged row's texts, exactly as staged (`rawName` and `name` at most 200 characters),
   * and returns its supplier key (`supplierKey`).
   */
  add(rawName: string, name: string, redacted: boolean, businessUnit: string | null, category: string | null): string {
    this.chars += this.units.add(businessUnit) + this.categories.add(category);
    const known = this.suppliers.get(rawName);
    if (known !== undefined && known.name === name && known.redacted === redacted) {
      known.n++;
      return known.key;
    }
    const key = supplierKey(name, redacted);
    const text: SupplierText = { n: 1, name: detached(name), redacted, key: detached(key) };
    if (known === undefined) this.suppliers.set(detached(rawName), text);
    else {
      const other = this.otherSuppliers.find((o) => o.raw === rawName && o.name === name && o.redacted === redacted);
      if (other !== undefined) {
        other.n++;
        return key;
      }
      this.otherSuppliers.push({ ...text, raw: detached(rawName) });
    }
    this.chars += rawName.length + name.length + key.length + 3;
    return key;
  }

  /** The texts kept have reached the bound: `drain` them before the next row. */
  get full(): boolean {
    return this.chars >= this.maxChars;
  }

  /** The `import_texts` rows of batch `batchId` for the texts kept, in TEXT_COLUMNS order; then forgets them. */
  *drain(batchId: number): Generator<Array<string | number | null>> {
    for (const [raw, t] of this.suppliers) yield [batchId, 'SUPPLIER', t.key, raw, t.name, t.n];
    for (const t of this.otherSuppliers) yield [batchId, 'SUPPLIER', t.key, t.raw, t.name, t.n];
    for (const [text, { n }] of this.units.counts) yield [batchId, 'UNIT', text, null, null, n];
    if (this.units.none > 0) yield [batchId, 'UNIT', null, null, null, this.units.none];
    // Rows with no category are not looked up, so none is noted.
    for (const [text, { n }] of this.categories.counts) yield [batchId, 'CATEGORY', text, null, null, n];
    this.suppliers.clear();
    this.otherSuppliers.length = 0;
    this.units.clear();
    this.categories.clear();
    this.chars = 0;
  }
}
