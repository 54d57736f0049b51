/**
 * Byte streams of an upload: cut into bounded chunks, read one chunk ahead, and sniffed (a prefix
 * looked at before the whole is replayed), so memory stays bounded whatever the file's size.
 */

/** The most bytes any step handles at once. */
export const CHUNK_BYTES = 64 * 1024;

/** Splits large buffers so no step ever handles more than CHUNK_BYTES at once. */
export async function* rechunk(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    for (let i = 0; i < chunk.length; i += CHUNK_BYTES) yield chunk.subarray(i, Math.min(i + CHUNK_BYTES, chunk.length));
  }
}

/**
 * Asks the source for its next chunk before handing out the current one, so a file read is in
 * flight while that chunk is parsed rather than after it. Values and errors come in the same order.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  for (;;) {
    const current = await next;
    if (current.done) return;
    next = iterator.next();
    // Awaited on the next turn; until then a failure must not count as unhandled.
    next.catch(() => undefined);
    yield current.value;
  }
}

/** Reads the first `limit` bytes and returns them plus a stream replaying everything. */
export async function sniff(
  source: AsyncIterable<Uint8Array>,
  limit: number,
): Promise<{ sample: Uint8Array; complete: boolean; all: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < limit) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const sample = Buffer.concat(head).subarray(0, limit);
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { sample, complete: done && size <= limit, all: all() };
}

/** The chunks as Buffers (what the XLSX reader takes), without copying. */
export async function* toBuffers(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of source) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
