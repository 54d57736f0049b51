import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ExactNumber, copyFileTo, csvLine, moneyFormat, neutralise } from './cells.js';

describe('export cells', () => {
  it('neutralises text that a spreadsheet would evaluate', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutralise(evil).startsWith("'")).toBe(true);
    }
    expect(neutralise('Acme Ltd')).toBe('Acme Ltd');
  });

  it('leaves numbers alone, including negatives', () => {
    expect(csvLine([-12.5])).toBe('-12.5\r\n');
    expect(csvLine(['a', -1, null])).toBe('a,-1,\r\n');
    expect(csvLine([new ExactNumber('-1234567890123.45')])).toBe('-1234567890123.45\r\n');
    expect(() => new ExactNumber('=1+1')).toThrow();
  });

  it('neutralises formula-like text, then quotes it as any CSV field', () => {
    expect(csvLine(['=1,2', 'a,b', '-cmd', 'say "hi"'])).toBe(`"'=1,2","a,b",'-cmd,"say ""hi"""\r\n`);
  });

  it('formats money with the currency symbol and thousands separators', () => {
    expect(moneyFormat('EUR')).toBe('"€"#,##0.00;-"€"#,##0.00');
    expect(moneyFormat('SEK')).toBe('"SEK "#,##0.00;-"SEK "#,##0.00');
  });
});

describe('copyFileTo', () => {
  /** A file of `bytes` bytes that are not all alike, and a slow stream that keeps what it gets. */
  function fixture(bytes: number) {
    const dir = mkdtempSync(join(tmpdir(), 'copy-file-'));
    const path = join(dir, 'lines.csv');
    const content = Buffer.alloc(bytes);
    for (let i = 0; i < bytes; i++) content[i] = (i * 31 + (i >> 8)) & 0xff;
    writeFileSync(path, content);
    const received: Buffer[] = [];
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        received.push(Buffer.from(chunk)); // a copy: the writer reuses its buffer
        setTimeout(done, 1);
      },
    });
    return { path, content, received, out, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }

  it('copies a file several times its buffer into a slow stream, byte for byte', async () => {
    const f = fixture(10_000 + 7);
    try {
      await copyFileTo(f.out, f.path, 1024);
      expect(Buffer.concat(f.received).equals(f.content)).toBe(true);
      expect(f.received.length).toBeGreaterThan(9);
    } finally {
      f.cleanup();
    }
  });

  it('fails instead of waiting for good when the output closes part way (a client that went away)', async () => {
    const f = fixture(100_000);
    try {
      const copy = copyFileTo(f.out, f.path, 1024);
      setTimeout(() => f.out.destroy(), 5);
      await expect(copy).rejects.toThrow();
      expect(Buffer.concat(f.received).length).toBeLessThan(f.content.length);
    } finally {
      f.cleanup();
    }
  });
});
