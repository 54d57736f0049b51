/**
 * The distinct texts of a batch's staged rows, noted as validation writes them (table
 * `import_texts`, docs/imports.md "Speed"): each supplier (key, raw name, name) and each
 * business-unit and category text, with how many rows carry it. A file names a few thousand of
 * them over a million rows; the validation's outlook and the commit's look-ups read these instead
 * of reading every staged row again. The values noted are the very values staged, so what the
 * look-ups find is what a read of the staged rows would find.
 */

export const TEXT_COLUMNS = ['batch_id', 'kind', 'text_key', 'raw_name', 'name', 'rows_n'] as const;

/**
 * A text kept as a Map key, as its own copy: a cell is a slice of a chunk of the file's text, and
 * keeping the slice would keep the whole chunk alive.
 */
const own = (text: string) => (text.length < 13 ? text : ` ${text}`.slice(1));

/** Counts per text, `null` (no text) counted apart: a Map key cannot tell it from a string. */
class TextCounts {
  readonly counts = new Map<string, number>();
  none = 0;

  /** Counts `text`; returns the characters a newly kept text adds (0 for one already kept). */
  add(text: string | null): number {
    if (text === null) {
      this.none++;
      return 0;
    }
    const n = this.counts.get(text);
    if (n !== undefined) {
      this.counts.set(text, n + 1);
      return 0;
    }
    this.counts.set(own(text), 1);
    return text.length + 1;
  }

  clear(): void {
    this.counts.clear();
    this.none = 0;
  }
}

/**
 * Memory is bounded whatever the file: once the texts kept reach `maxChars` characters (a column
 * mapped by mistake may hold a different text on every row), `full` says so and the caller writes
 * them out (`drain`) and goes on; a text may then be noted more than once, each time with the rows
 * seen since the last drain, and readers add up `rows_n` per text.
 */
export class StagedTexts {
  /** supplier key → raw name → name → rows. */
  private readonly suppliers = new Map<string, Map<string, Map<string, number>>>();
  private readonly units = new TextCounts();
  private readonly categories = new TextCounts();
  private chars = 0;

  constructor(private readonly maxChars = 4_000_000) {}

  /** One staged row's texts, exactly as staged. */
  add(supplierKey: string, rawName: string, name: string, businessUnit: string | null, category: string | null): void {
    let byRaw = this.suppliers.get(supplierKey);
    if (byRaw === undefined) {
      this.suppliers.set(own(supplierKey), (byRaw = new Map()));
      this.chars += supplierKey.length + 1;
    }
    let byName = byRaw.get(rawName);
    if (byName === undefined) {
      byRaw.set(own(rawName), (byName = new Map()));
      this.chars += rawName.length + 1;
    }
    const n = byName.get(name);
    if (n !== undefined) byName.set(name, n + 1);
    else {
      byName.set(own(name), 1);
      this.chars += name.length + 1;
    }
    this.chars += this.units.add(businessUnit) + this.categories.add(category);
  }

  /** The texts kept have reached the bound: `drain` them before the next row. */
  get full(): boolean {
    return this.chars >= this.maxChars;
  }

  /** The `import_texts` rows of batch `batchId` for the texts kept, in TEXT_COLUMNS order; then forgets them. */
  *drain(batchId: number): Generator<Array<string | number | null>> {
    for (const [key, byRaw] of this.suppliers) {
      for (const [raw, byName] of byRaw) for (const [name, n] of byName) yield [batchId, 'SUPPLIER', key, raw, name, n];
    }
    for (const [text, n] of this.units.counts) yield [batchId, 'UNIT', text, null, null, n];
    if (this.units.none > 0) yield [batchId, 'UNIT', null, null, null, this.units.none];
    // Rows with no category are not looked up, so none is noted.
    for (const [text, n] of this.categories.counts) yield [batchId, 'CATEGORY', text, null, null, n];
    this.suppliers.clear();
    this.units.clear();
    this.categories.clear();
    this.chars = 0;
  }
}
