import net from 'node:net';
import { beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../../test/support/api-client.ts';
import { createAlbum } from '../../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../../test/support/server-with-admin.ts';

const { server, admin } = setUpServerWithAdmin();
let albumId: number;
beforeAll(async () => {
  albumId = (await createAlbum(server.databaseUrl, { stickers: 3 })).id;
});

/** A 1.3 MB import: 5,000 stickers with names of two-byte letters, as a large paste could be. */
const importBody = () => {
  const stickers = Array.from({ length: 5_000 }, (_, i) => ({
    number: String(i + 1),
    name: 'è'.repeat(118),
  }));
  return Buffer.from(JSON.stringify({ albumId, stickers }));
};
const FIRST_CHUNK = 80 * 1024;

type EarlyAnswer = { status: number; message: unknown } | 'no answer';

/**
 * Sends the request line, the headers and only the first 80 KB of `body` (declared whole, or as the first
 * chunk of a chunked body), then waits: the answer the server gives while the rest has not been sent.
 */
function answerBeforeTheRest(
  path: string,
  body: Buffer,
  options: { cookie?: string; chunked?: boolean } = {},
): Promise<EarlyAnswer> {
  const { hostname, port } = new URL(server.url);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Content-Type: application/json',
    options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`,
    ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
  ].join('\r\n');
  const first = body.subarray(0, FIRST_CHUNK);
  const firstBytes = options.chunked
    ? Buffer.concat([Buffer.from(`${first.length.toString(16)}\r\n`), first, Buffer.from('\r\n')])
    : first;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer');
    }, 3_000);
    socket.on('error', reject);
    socket.on('data', (data) => {
      received += data.toString();
      const [headers, content = ''] = received.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(headers ?? '')?.[1] ?? Number.NaN);
      if (Buffer.byteLength(content) < length) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(headers?.split(' ')[1]), message: JSON.parse(content).message });
    });
    socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), firstBytes]));
  });
}

const NOT_LOGGED_IN = { status: 401, message: "Devi effettuare l'accesso" };
const NOT_ADMIN = { status: 403, message: 'Operazione riservata agli amministratori' };

test('an anonymous 1.3 MB import over tRPC is answered 401 before the rest of its body is sent', async () => {
  expect(await answerBeforeTheRest('/trpc/stickers.import', importBody())).toEqual(NOT_LOGGED_IN);
  expect(await answerBeforeTheRest('/trpc/stickers.import', importBody(), { chunked: true })).toEqual(
    NOT_LOGGED_IN,
  );
});

test('an anonymous 1.3 MB import over REST is answered 401 before the rest of its body is sent', async () => {
  const path = `/api/albums/${albumId}/stickers/bulk`;
  expect(await answerBeforeTheRest(path, importBody())).toEqual(NOT_LOGGED_IN);
  expect(await answerBeforeTheRest(path, importBody(), { chunked: true })).toEqual(NOT_LOGGED_IN);
});

test("a collector's large import is refused 403 before its body is read, on both transports", async () => {
  const { api } = await registeredUser(server.url);
  for (const path of ['/trpc/stickers.import', `/api/albums/${albumId}/stickers`]) {
    expect(await answerBeforeTheRest(path, importBody(), { cookie: api.cookie })).toEqual(NOT_ADMIN);
  }
});

test('a large anonymous tRPC batch of public calls is not read either', async () => {
  const path = `/trpc/${Array(20).fill('auth.login').join(',')}?batch=1`;
  expect(await answerBeforeTheRest(path, importBody())).toEqual(NOT_LOGGED_IN);
});

test("the admin's large import is still read and done", async () => {
  const response = await admin.request('POST', `/api/albums/${albumId}/stickers/bulk`, {
    raw: importBody().toString(),
  });
  expect(response).toMatchObject({ status: 200, body: { created: 4_997 } });

  const body = importBody();
  const chunked = await fetch(new URL('/trpc/stickers.import', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin.cookie ?? '' },
    body: new ReadableStream({
      start(controller) {
        for (let start = 0; start < body.length; start += FIRST_CHUNK) {
          controller.enqueue(body.subarray(start, start + FIRST_CHUNK));
        }
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
  expect(chunked.status).toBe(200);
});
