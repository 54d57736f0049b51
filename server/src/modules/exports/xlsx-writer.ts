import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { drained } from '../../lib/cells.js';

/** An entry's text is encoded into buffers of this size and handed to the deflater once this full. */
const ENTRY_BUFFER_BYTES = 1 << 20;
const ENTRY_FLUSH_BYTES = 256 * 1024;

/**
 * A small streaming XLSX writer: worksheet XML is deflated straight into a ZIP on the response,
 * a buffer at a time, so exports of any size run in bounded memory. It writes what exports need
 * (inline strings, numbers, dates, bold rows, number formats, frozen header rows and label columns,
 * column widths, row outline levels, an autofilter, merged header cells) and nothing else; a general library spent ~50 µs a row where this spends a few.
 */

/** `general`: Excel's own format, the decimals a number has, as a spreadsheet number keeps them (quantities, unit prices); the same cell format as `text`. */
export type CellStyle = 'text' | 'general' | 'bold' | 'title' | 'money' | 'moneyBold' | 'number' | 'date' | 'ratio' | 'ratioBold' | 'count' | 'countBold' | 'numberBold';
/** `exact`: a number written as the decimal text it is given (money from the store), never through a float. */
export type CellValue = string | number | null | { date: string } | { exact: string };
export interface Cell {
  value: CellValue;
  style?: CellStyle;
}

const STYLE_INDEX: Record<CellStyle, number> = {
  text: 0, general: 0, bold: 1, title: 2, money: 3, moneyBold: 4, number: 5, date: 6, ratio: 7, ratioBold: 8, count: 9, countBold: 10, numberBold: 11,
};

function stylesXml(moneyFormat: string): string {
  const fmt = (s: string) => escapeXml(s);
  // numFmt 164 money, 165 #,##0.00, 166 date; 3 (#,##0) and 10 (0.00%) are built in, 0.0% is 167.
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="4"><numFmt numFmtId="164" formatCode="${fmt(moneyFormat)}"/><numFmt numFmtId="165" formatCode="#,##0.00"/><numFmt numFmtId="166" formatCode="yyyy-mm-dd"/><numFmt numFmtId="167" formatCode="0.0%"/></numFmts>
<fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="14"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="12">${[xf(0, 0), xf(0, 1), xf(0, 2), xf(164, 0), xf(164, 1), xf(165, 0), xf(166, 0), xf(167, 0), xf(167, 1), xf(3, 0), xf(3, 1), xf(165, 1)].join('')}</cellXfs>
</styleSheet>`;
}

// XML 1.0 cannot carry these control characters at all, so they are dropped.
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
function escapeXml(text: string): string {
  return text.replace(XML_SPECIAL, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : ''));
}

/** A `<t>` element: `xml:space="preserve"` only where leading or trailing white space would otherwise be dropped. */
function textXml(text: string): string {
  const preserve = text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32);
  return preserve ? `<t xml:space="preserve">${escapeXml(text)}</t>` : `<t>${escapeXml(text)}</t>`;
}

/**
 * Distinct strings a workbook keeps in its shared-strings part at most; past this, text is written
 * inline. Enough for every name of a large directory, and a bound on memory whatever the data.
 */
const MAX_SHARED_STRINGS = 500_000;

function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
function exactNumber(text: string): string {
  if (!DECIMAL.test(text)) throw new Error(`Not a decimal: ${text}`);
  return text;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const excelDate = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - EXCEL_EPOCH) / 86_400_000;

/** Deflated ZIP entries with data descriptors, written in order to one stream. */
class ZipStream {
  private offset = 0;
  private readonly entries: Array<{ name: Buffer; crc: number; compressed: number; size: number; offset: number }> = [];

  constructor(private readonly out: Writable) {}

  private async raw(buffer: Buffer) {
    this.offset += buffer.length;
    if (!this.out.write(buffer)) await drained(this.out);
  }

  /** An entry whose content `produce` writes through `write`; resolves once it is on the stream. */
  async entry(name: string, produce: (write: (text: string) => Promise<void>) => Promise<void>) {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(nameBytes.length, 26);
    const offset = this.offset;
    await this.raw(Buffer.concat([header, nameBytes]));
    // Level 1: a million-line sheet is about a gigabyte of XML, and level 6 spent most of an
    // export's time compressing it for a file about a third smaller.
    const deflate = createDeflateRaw({ level: 1 });
    let compressed = 0;
    let size = 0;
    let crc = 0;
    // When the output fails (its client left), the deflater is destroyed with that error, so the
    // producer waiting for it to drain fails too instead of waiting for good.
    let failure: Error | null = null;
    const copied = (async () => {
      try {
        for await (const chunk of deflate) {
          compressed += (chunk as Buffer).length;
          await this.raw(chunk as Buffer);
        }
      } catch (error) {
        failure = error as Error;
        deflate.destroy(failure);
      }
    })();
    // Text is encoded straight into a buffer as it comes: appending it to a string and encoding
    // that made V8 flatten a rope of a million small pieces, most of an XLSX export's CPU
    // (docs/architecture.md, "Exports"). A buffer handed to the deflater is never written again.
    let buffer = Buffer.allocUnsafe(ENTRY_BUFFER_BYTES);
    let used = 0;
    const send = async (bytes: Buffer) => {
      if (failure) throw failure;
      if (bytes.length === 0) return;
      size += bytes.length;
      crc = crc32(bytes, crc);
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    };
    const flush = async () => {
      const full = buffer.subarray(0, used);
      buffer = Buffer.allocUnsafe(ENTRY_BUFFER_BYTES);
      used = 0;
      await send(full);
    };
    await produce(async (text) => {
      // At most 3 bytes per UTF-16 unit.
      if (used + text.length * 3 > buffer.length) {
        await flush();
        if (text.length * 3 > buffer.length) return send(Buffer.from(text, 'utf8'));
      }
      used += buffer.write(text, used, 'utf8');
      if (used >= ENTRY_FLUSH_BYTES) await flush();
    });
    await flush();
    deflate.end();
    await copied;
    if (failure) throw failure;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.raw(descriptor);
    this.entries.push({ name: nameBytes, crc: crc >>> 0, compressed, size, offset });
  }

  async finish() {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.raw(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
  }
}

/**
 * Cells as XML, exactly as `SheetRows.row` writes them in a plain row (`ref` is e.g. `C12`), for
 * `SheetRows.xmlRow`. A null cell is written as nothing.
 */
export const cellXml = {
  text: (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is>${textXml(text)}</is></c>`,
  /** A string from the shared-strings part, by its index (`XlsxWriter.shared`). */
  shared: (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`,
  number: (ref: string, value: number, style: CellStyle) => `<c r="${ref}" s="${STYLE_INDEX[style]}"><v>${value}</v></c>`,
  date: (ref: string, iso: string) => `<c r="${ref}" s="${STYLE_INDEX.date}"><v>${excelDate(iso)}</v></c>`,
};

export interface SheetOptions {
  name: string;
  /** Rows above and including the table header, kept in view while scrolling. */
  frozenRows: number;
  /** Leading columns kept in view while scrolling sideways (row labels). */
  frozenColumns?: number;
  columnWidths: number[];
  /**
   * The deepest outline level rows will be given (`<sheetFormatPr outlineLevelRow>`); groups are
   * summarised above their members (`summaryBelow="0"`), as the explorer shows them.
   */
  outlineLevels?: number;
  /**
   * Outline level per column (0 = none), e.g. a year's quarter columns at 1 so that they fold into
   * the year's subtotal column at their right (`summaryRight`, the default).
   */
  columnOutlineLevels?: number[];
  /** An autofilter from this header row (1-based) over `columns` columns, down to the last row written. */
  autoFilter?: { headerRow: number; columns: number };
  /** Cell ranges to merge, e.g. `C5:E5`. */
  merges?: string[];
}

/** How one row is written: bold (subtotals, totals, headers), and its outline level (0 = none). */
export interface RowOptions {
  bold?: boolean;
  outlineLevel?: number;
}

/** Writes rows of one worksheet; obtained from XlsxWriter.sheet. */
export interface SheetRows {
  row(cells: ReadonlyArray<Cell | CellValue>, rowStyle?: 'bold' | RowOptions): Promise<void>;
  /**
   * A plain row (no style, no outline) whose cells the caller gives as XML made with `cellXml`
   * for row number `rowCount + 1`: writers of many rows build no object per cell.
   */
  xmlRow(cells: string): Promise<void>;
  readonly rowCount: number;
}

export class XlsxWriter {
  private readonly zip: ZipStream;
  private readonly sheets: string[] = [];
  /** Per sheet, the range its autofilter covers (workbook.xml names it `_xlnm._FilterDatabase`). */
  private readonly filters = new Map<number, string>();

  /** The shared-strings part: each distinct string once, in order of first use (`shared`). */
  private readonly sharedIndex = new Map<string, number>();
  private sharedCount = 0;

  constructor(out: Writable, private readonly moneyFormat: string) {
    this.zip = new ZipStream(out);
  }

  /**
   * The index of `text` in the workbook's shared strings, for `cellXml.shared`, or null once the
   * part holds MAX_SHARED_STRINGS (then the caller writes the text inline). For text that repeats
   * from row to row, such as supplier or category names: the sheet then holds a short index per
   * cell instead of the escaped text, so it is smaller to build, compress and open.
   */
  shared(text: string): number | null {
    let index = this.sharedIndex.get(text);
    if (index === undefined) {
      if (this.sharedIndex.size >= MAX_SHARED_STRINGS) return null;
      index = this.sharedIndex.size;
      this.sharedIndex.set(text, index);
    }
    this.sharedCount += 1;
    return index;
  }

  /** Writes one worksheet: `fill` adds its rows. */
  async sheet(options: SheetOptions, fill: (rows: SheetRows) => Promise<void>): Promise<void> {
    this.sheets.push(options.name);
    const index = this.sheets.length;
    const letters: string[] = [];
    const letter = (i: number) => (letters[i] ??= columnName(i));
    await this.zip.entry(`xl/worksheets/sheet${index}.xml`, async (write) => {
      const ySplit = options.frozenRows;
      const xSplit = options.frozenColumns ?? 0;
      const activePane = xSplit && ySplit ? 'bottomRight' : xSplit ? 'topRight' : 'bottomLeft';
      const pane = ySplit > 0 || xSplit > 0
        ? `<pane${xSplit ? ` xSplit="${xSplit}"` : ''}${ySplit ? ` ySplit="${ySplit}"` : ''} topLeftCell="${letter(xSplit)}${ySplit + 1}" activePane="${activePane}" state="frozen"/><selection pane="${activePane}"/>`
        : '';
      const colLevel = (i: number) => Math.min(options.columnOutlineLevels?.[i] ?? 0, 7);
      const cols = options.columnWidths
        .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"${colLevel(i) ? ` outlineLevel="${colLevel(i)}"` : ''}/>`)
        .join('');
      const outline = options.outlineLevels ? options.outlineLevels : 0;
      const outlineCol = Math.max(0, ...options.columnWidths.map((_, i) => colLevel(i)));
      const sheetPr = outline || outlineCol ? `<sheetPr><outlinePr${outline ? ' summaryBelow="0"' : ''}/></sheetPr>` : '';
      const format = outline || outlineCol
        ? `<sheetFormatPr defaultRowHeight="15"${outline ? ` outlineLevelRow="${outline}"` : ''}${outlineCol ? ` outlineLevelCol="${outlineCol}"` : ''}/>`
        : '';
      await write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sheetPr}<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>${format}${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`);
      let rowNumber = 0;
      const rows: SheetRows = {
        get rowCount() {
          return rowNumber;
        },
        async row(cells, rowStyle) {
          rowNumber += 1;
          const options: RowOptions = rowStyle === 'bold' ? { bold: true } : (rowStyle ?? {});
          const level = options.outlineLevel ? ` outlineLevel="${Math.min(options.outlineLevel, 7)}"` : '';
          let xml = options.bold ? `<row r="${rowNumber}" s="1" customFormat="1"${level}>` : `<row r="${rowNumber}"${level}>`;
          for (let i = 0; i < cells.length; i++) {
            const raw = cells[i];
            const cell: Cell = raw !== null && typeof raw === 'object' && 'value' in raw ? raw : { value: raw as CellValue };
            if (cell.value === null) continue;
            const style = STYLE_INDEX[cell.style ?? (options.bold ? 'bold' : 'text')];
            const ref = `${letter(i)}${rowNumber}`;
            const s = style ? ` s="${style}"` : '';
            if (typeof cell.value === 'number') xml += `<c r="${ref}"${s}><v>${cell.value}</v></c>`;
            else if (typeof cell.value === 'object' && 'exact' in cell.value) xml += `<c r="${ref}"${s}><v>${exactNumber(cell.value.exact)}</v></c>`;
            else if (typeof cell.value === 'object') xml += `<c r="${ref}" s="${STYLE_INDEX.date}"><v>${excelDate(cell.value.date)}</v></c>`;
            else xml += `<c r="${ref}"${s} t="inlineStr"><is>${textXml(cell.value)}</is></c>`;
          }
          await write(`${xml}</row>`);
        },
        async xmlRow(cells) {
          rowNumber += 1;
          await write(`<row r="${rowNumber}">${cells}</row>`);
        },
      };
      await fill(rows);
      let tail = '</sheetData>';
      if (options.autoFilter && rowNumber >= options.autoFilter.headerRow) {
        const ref = `A${options.autoFilter.headerRow}:${letter(options.autoFilter.columns - 1)}${rowNumber}`;
        this.filters.set(index, ref);
        tail += `<autoFilter ref="${ref}"/>`;
      }
      if (options.merges?.length) tail += `<mergeCells count="${options.merges.length}">${options.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`;
      await write(`${tail}</worksheet>`);
    });
  }

  /** Writes the workbook parts that name the sheets, and the ZIP directory. */
  async finish(): Promise<void> {
    const sheetTypes = this.sheets
      .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
      .join('');
    const text = (body: string) => async (write: (t: string) => Promise<void>) => write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
    await this.zip.entry('xl/styles.xml', (write) => write(stylesXml(this.moneyFormat)));
    const sharedStrings = this.sharedIndex.size > 0;
    if (sharedStrings) {
      await this.zip.entry('xl/sharedStrings.xml', async (write) => {
        await write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.sharedCount}" uniqueCount="${this.sharedIndex.size}">`);
        // The map iterates in insertion order, which is index order.
        for (const text of this.sharedIndex.keys()) await write(`<si>${textXml(text)}</si>`);
        await write('</sst>');
      });
    }
    // Excel keeps an autofilter's range as this hidden defined name, one per sheet.
    const names = [...this.filters].map(([index, ref]) => {
      const absolute = ref.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
      return `<definedName name="_xlnm._FilterDatabase" localSheetId="${index - 1}" hidden="1">'${escapeXml(this.sheets[index - 1].replace(/'/g, "''"))}'!${absolute}</definedName>`;
    });
    await this.zip.entry('xl/workbook.xml', text(
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${this.sheets
        .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>${names.length ? `<definedNames>${names.join('')}</definedNames>` : ''}</workbook>`,
    ));
    await this.zip.entry('xl/_rels/workbook.xml.rels', text(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${this.sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('')}<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${sharedStrings
        ? '<Relationship Id="rIdStrings" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
        : ''}</Relationships>`,
    ));
    await this.zip.entry('_rels/.rels', text(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ));
    await this.zip.entry('[Content_Types].xml', text(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sharedStrings
        ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        : ''}${sheetTypes}</Types>`,
    ));
    await this.zip.finish();
  }
}
