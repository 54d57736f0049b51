import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { drained } from '../../lib/cells.js';

/**
 * A small streaming XLSX writer: worksheet XML is deflated straight into a ZIP on the response,
 * a buffer at a time, so exports of any size run in bounded memory. It writes what exports need
 * (inline strings, numbers, dates, bold rows, number formats, frozen header rows, column widths)
 * and nothing else; a general library spent ~50 µs a row where this spends a few.
 */

export type CellStyle = 'text' | 'bold' | 'title' | 'money' | 'moneyBold' | 'number' | 'date' | 'ratio' | 'ratioBold' | 'count' | 'countBold' | 'numberBold';
export type CellValue = string | number | null | { date: string };
export interface Cell {
  value: CellValue;
  style?: CellStyle;
}

const STYLE_INDEX: Record<CellStyle, number> = {
  text: 0, bold: 1, title: 2, money: 3, moneyBold: 4, number: 5, date: 6, ratio: 7, ratioBold: 8, count: 9, countBold: 10, numberBold: 11,
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
    const deflate = createDeflateRaw({ level: 6 });
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
    let pending = '';
    const flush = async () => {
      if (failure) throw failure;
      if (!pending) return;
      const bytes = Buffer.from(pending, 'utf8');
      pending = '';
      size += bytes.length;
      crc = crc32(bytes, crc);
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    };
    await produce(async (text) => {
      pending += text;
      if (pending.length >= 256 * 1024) await flush();
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

export interface SheetOptions {
  name: string;
  /** Rows above and including the table header, kept in view while scrolling. */
  frozenRows: number;
  columnWidths: number[];
}

/** Writes rows of one worksheet; obtained from XlsxWriter.sheet. */
export interface SheetRows {
  row(cells: ReadonlyArray<Cell | CellValue>, rowStyle?: 'bold'): Promise<void>;
  readonly rowCount: number;
}

export class XlsxWriter {
  private readonly zip: ZipStream;
  private readonly sheets: string[] = [];

  constructor(out: Writable, private readonly moneyFormat: string) {
    this.zip = new ZipStream(out);
  }

  /** Writes one worksheet: `fill` adds its rows. */
  async sheet(options: SheetOptions, fill: (rows: SheetRows) => Promise<void>): Promise<void> {
    this.sheets.push(options.name);
    const index = this.sheets.length;
    const letters: string[] = [];
    const letter = (i: number) => (letters[i] ??= columnName(i));
    await this.zip.entry(`xl/worksheets/sheet${index}.xml`, async (write) => {
      const pane = options.frozenRows > 0
        ? `<pane ySplit="${options.frozenRows}" topLeftCell="A${options.frozenRows + 1}" activePane="bottomLeft" state="frozen"/>`
        : '';
      const cols = options.columnWidths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
      await write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`);
      let rowNumber = 0;
      const rows: SheetRows = {
        get rowCount() {
          return rowNumber;
        },
        async row(cells, rowStyle) {
          rowNumber += 1;
          let xml = rowStyle === 'bold' ? `<row r="${rowNumber}" s="1" customFormat="1">` : `<row r="${rowNumber}">`;
          for (let i = 0; i < cells.length; i++) {
            const raw = cells[i];
            const cell: Cell = raw !== null && typeof raw === 'object' && 'value' in raw ? raw : { value: raw as CellValue };
            if (cell.value === null) continue;
            const style = STYLE_INDEX[cell.style ?? (rowStyle === 'bold' ? 'bold' : 'text')];
            const ref = `${letter(i)}${rowNumber}`;
            const s = style ? ` s="${style}"` : '';
            if (typeof cell.value === 'number') xml += `<c r="${ref}"${s}><v>${cell.value}</v></c>`;
            else if (typeof cell.value === 'object') xml += `<c r="${ref}" s="${STYLE_INDEX.date}"><v>${excelDate(cell.value.date)}</v></c>`;
            else xml += `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.value)}</t></is></c>`;
          }
          await write(`${xml}</row>`);
        },
      };
      await fill(rows);
      await write('</sheetData></worksheet>');
    });
  }

  /** Writes the workbook parts that name the sheets, and the ZIP directory. */
  async finish(): Promise<void> {
    const sheetTypes = this.sheets
      .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
      .join('');
    const text = (body: string) => async (write: (t: string) => Promise<void>) => write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
    await this.zip.entry('xl/styles.xml', (write) => write(stylesXml(this.moneyFormat)));
    await this.zip.entry('xl/workbook.xml', text(
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${this.sheets
        .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    ));
    await this.zip.entry('xl/_rels/workbook.xml.rels', text(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${this.sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('')}<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ));
    await this.zip.entry('_rels/.rels', text(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ));
    await this.zip.entry('[Content_Types].xml', text(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetTypes}</Types>`,
    ));
    await this.zip.finish();
  }
}
