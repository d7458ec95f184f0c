/**
 * The rows of a `COPY … TO STDOUT (FORMAT binary)` as they stream in (PostgreSQL's binary copy format: a
 * signature, flags and a header extension, then per row a 16-bit field count and each field as a 32-bit
 * length, -1 for null, and its bytes; a field count of -1 ends it). Each row is handed over as its
 * fields' bytes, views into the chunk it arrived in: read them before the next row.
 */
import type { Readable } from 'node:stream';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

export class CopyFormatError extends Error {}

/** Calls `row` with each row's fields (null for a null); resolves when the copy ends. */
export async function readCopyBinaryRows(stream: Readable, row: (fields: (Buffer | null)[]) => void) {
  let pending: Buffer = Buffer.alloc(0);
  let headerRead = false;
  let ended = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const data: Buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    if (!headerRead) {
      if (data.length < SIGNATURE.length + 8) {
        pending = data;
        continue;
      }
      if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE))
        throw new CopyFormatError('not a binary copy');
      const extension = data.readInt32BE(SIGNATURE.length + 4);
      if (data.length < SIGNATURE.length + 8 + extension) {
        pending = data;
        continue;
      }
      at = SIGNATURE.length + 8 + extension;
      headerRead = true;
    }
    // Whole rows only: a row cut by the chunk's end waits for the next chunk.
    for (;;) {
      if (ended || data.length - at < 2) break;
      const count = data.readInt16BE(at);
      if (count === -1) {
        ended = true;
        at += 2;
        break;
      }
      const fields: (Buffer | null)[] = [];
      let next = at + 2;
      for (let field = 0; field < count; field++) {
        if (data.length - next < 4) break;
        const length = data.readInt32BE(next);
        next += 4;
        if (length === -1) {
          fields.push(null);
          continue;
        }
        if (data.length - next < length) break;
        fields.push(data.subarray(next, next + length));
        next += length;
      }
      if (fields.length < count) break;
      row(fields);
      at = next;
    }
    pending = data.subarray(at);
  }
  if (!ended || pending.length > 0) throw new CopyFormatError('binary copy cut short');
}
