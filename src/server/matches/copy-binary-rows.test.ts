import { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { beforeAll, expect, inject, test } from 'vitest';
import { createTestDatabase } from '../../../test/support/database.ts';
import { seededRandom as random } from '../seeded-random.ts';
import { CopyFormatError, readCopyBinaryRows } from './copy-binary-rows.ts';

// PostgreSQL's own binary copy (an int, a bool, a double, bytes of every length from 0, a null), fed to
// the reader whole, a byte at a time, and cut at random places: the same rows every time.
const ROWS = 300;
let copied: Buffer;

beforeAll(async () => {
  const client = new pg.Client({ connectionString: await createTestDatabase(inject('clusterUrl')) });
  await client.connect();
  const chunks: Buffer[] = [];
  const stream = client.query(
    copyTo(`copy (select i, i % 3 = 0, i / 7.0::float8, decode(repeat('ab', i % 40), 'hex'), null::bytea
                    from generate_series(1, ${ROWS}) i) to stdout (format binary)`),
  );
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  await client.end();
  copied = Buffer.concat(chunks);
});

type Row = [number, boolean, number, string, null];
const expected: Row[] = Array.from({ length: ROWS }, (_, n) => {
  const i = n + 1;
  return [i, i % 3 === 0, i / 7, 'ab'.repeat(i % 40), null];
});

async function read(chunks: Buffer[]) {
  const rows: Row[] = [];
  await readCopyBinaryRows(Readable.from(chunks), ([i, flag, ratio, bytes, nothing]) => {
    rows.push([
      (i as Buffer).readInt32BE(0),
      (flag as Buffer)[0] === 1,
      (ratio as Buffer).readDoubleBE(0),
      (bytes as Buffer).toString('hex'),
      nothing as null,
    ]);
  });
  return rows;
}

/** `data` in pieces ending at each of `ends` (in order), the last piece to its end. */
function cut(data: Buffer, ends: number[]) {
  let start = 0;
  return [...ends, data.length].map((end) => {
    const piece = data.subarray(start, end);
    start = end;
    return piece;
  });
}

test('reads every row of a binary copy whole', async () => {
  expect(await read([copied])).toEqual(expected);
});

test('reads the same rows however the stream is cut', async () => {
  expect(await read(Array.from(copied, (byte) => Buffer.from([byte])))).toEqual(expected);
  const next = random(35);
  for (let round = 0; round < 20; round++) {
    const at = Array.from({ length: 1 + Math.floor(next() * 30) }, () => Math.floor(next() * copied.length));
    expect(
      await read(
        cut(
          copied,
          [...new Set(at)].sort((a, b) => a - b),
        ),
      ),
    ).toEqual(expected);
  }
});

test('a copy cut short, or not a binary copy, is an error, not fewer rows', async () => {
  await expect(read([copied.subarray(0, copied.length - 2)])).rejects.toThrow(CopyFormatError);
  await expect(read([copied.subarray(0, copied.length - 40)])).rejects.toThrow(CopyFormatError);
  await expect(read([Buffer.from('1\ttrue\n')])).rejects.toThrow(CopyFormatError);
  await expect(read([])).rejects.toThrow(CopyFormatError);
});
