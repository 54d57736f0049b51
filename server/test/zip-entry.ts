import { inflateRawSync } from 'node:zlib';

/**
 * One entry of a ZIP (an XLSX), read from its central directory with nothing but zlib: tests read
 * a sheet's raw XML, where figures are the exact decimal text, independently of our writer and of
 * any spreadsheet library. Stored (method 0) and deflated entries.
 */
export function unzipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      return (zip.readUInt16LE(at + 10) === 0 ? data : inflateRawSync(data)).toString('utf8');
    }
    at += 46 + nameLength + extra;
  }
  throw new Error(`${name} is not in the file`);
}
