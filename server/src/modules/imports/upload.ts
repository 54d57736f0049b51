import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Why an upload did not become a readable batch; the batch is FAILED with the message. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: 'TOO_LARGE' | 'INTERRUPTED' | 'UNREADABLE',
    message: string,
    readonly batchId: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

class TooLarge extends Error {}

/** Counts bytes as they stream to disk and stops the upload past the limit. */
function limitBytes(max: number, seen: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen.bytes += chunk.length;
      done(seen.bytes > max ? new TooLarge() : null, chunk);
    },
  });
}

/**
 * Streams a request body to `filePath` (never buffered) and returns its size; `null` with the
 * reason when it is larger than `maxBytes` or the client stopped sending.
 */
export async function saveUpload(body: NodeJS.ReadableStream, filePath: string, maxBytes: number): Promise<{ bytes: number } | { failed: 'TOO_LARGE' | 'INTERRUPTED' }> {
  const seen = { bytes: 0 };
  try {
    await pipeline(body, limitBytes(maxBytes, seen), createWriteStream(filePath));
    return { bytes: seen.bytes };
  } catch (error) {
    return { failed: error instanceof TooLarge ? 'TOO_LARGE' : 'INTERRUPTED' };
  }
}
