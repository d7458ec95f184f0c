import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { REQUEST_TIMEOUT_MS } from './app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Opens a raw connection and sends a request whose body drips one byte every `everyMs`. */
function slowBody(everyMs: number) {
  return new Promise<{ closedAfterMs: number; answer: string }>((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let drip: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      drip = setInterval(() => socket.write(' '), everyMs);
    });
    socket.on('data', (data) => {
      answer += data.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

test(
  'a body that drips in is cut off once the request timeout has passed',
  async () => {
    const { closedAfterMs, answer } = await slowBody(1_000);
    console.info(`slow body closed after ${closedAfterMs} ms`);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  },
  REQUEST_TIMEOUT_MS * 3,
);
