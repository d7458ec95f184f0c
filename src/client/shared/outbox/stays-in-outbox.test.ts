import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { staysInOutbox } from './stays-in-outbox.ts';

// The outboxes' keep/drop rule, on the errors the real tRPC client makes of what a server (ours, or
// anything between us and it) answers to a batch of two taps.

type Answer = { status: number; body: string; type?: string } | 'hang up';
let answer: Answer;
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (answer === 'hang up') return request.socket.destroy();
      response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Two taps sent together, as the outbox sends them; the error the first one fails with. */
async function failureOf(given: Answer): Promise<unknown> {
  answer = given;
  const client = createTRPCClient<AnyRouter>({ links: [httpBatchLink({ url })] }) as unknown as {
    collection: { setStatus: { mutate: (input: unknown) => Promise<unknown> } };
  };
  const taps = [1, 2].map((stickerId) => client.collection.setStatus.mutate({ stickerId, status: 'yes' }));
  const [first] = await Promise.allSettled(taps);
  await Promise.allSettled(taps);
  if (first?.status !== 'rejected') throw new Error('the tap was not refused');
  return first.reason;
}

/** Our server's answer to a batch in which the procedure failed with this status (its error formatter). */
function procedureError(httpStatus: number, code: string) {
  const error = {
    error: {
      message: 'Figurina non trovata',
      code: -32_000,
      data: { code, httpStatus, path: 'collection.setStatus' },
    },
  };
  return { status: httpStatus, body: JSON.stringify([error, error]) };
}

test.each([
  [400, 'BAD_REQUEST'],
  [403, 'FORBIDDEN'],
  [404, 'NOT_FOUND'],
  [409, 'CONFLICT'],
  [422, 'UNPROCESSABLE_CONTENT'],
])("the procedure's own refusal (%i) drops the tap", async (status, code) => {
  expect(staysInOutbox(await failureOf(procedureError(status, code)))).toBe(false);
});

test.each([
  [401, 'UNAUTHORIZED'],
  [408, 'TIMEOUT'],
  [413, 'PAYLOAD_TOO_LARGE'],
  [429, 'TOO_MANY_REQUESTS'],
  [500, 'INTERNAL_SERVER_ERROR'],
  [503, 'SERVICE_UNAVAILABLE'],
])('a procedure error that may pass (%i) keeps the tap in the outbox', async (status, code) => {
  expect(staysInOutbox(await failureOf(procedureError(status, code)))).toBe(true);
});

test.each([
  [400, '{"message":"Indirizzo non valido"}'],
  [404, '{"message":"Risorsa non trovata"}'],
  [413, '{"message":"Troppe operazioni in una richiesta: al massimo 50"}'],
  [414, '{"error":"Bad Request","code":"FST_ERR_MAX_PARAM_LENGTH","message":"too long","statusCode":414}'],
  [429, '{"message":"Troppe richieste"}'],
  [500, '{"message":"Errore interno"}'],
  [502, '<html><body>502 Bad Gateway</body></html>'],
  [503, ''],
  [200, '<html>captive portal</html>'],
])('an answer no procedure shaped (%i) keeps the tap in the outbox', async (status, body) => {
  const type = body.startsWith('<') ? 'text/html' : 'application/json';
  expect(staysInOutbox(await failureOf({ status, body, type }))).toBe(true);
});

test('a dropped connection keeps the tap in the outbox', async () => {
  expect(staysInOutbox(await failureOf('hang up'))).toBe(true);
});
