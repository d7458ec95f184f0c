import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient } from './support/api-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('health answers once the database does', async () => {
  const response = await apiClient(server.url).get('/api/health');
  expect(response).toMatchObject({ status: 200, body: { ok: true } });
});
