import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADULT_BIRTH, apiClient, uniqueNickname } from '../../test/support/api-client.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { REGISTRATION_LIMIT_PER_HOUR: '3' } });
});
afterAll(() => server.close());

const register = (ip: string) =>
  apiClient(server.url, { ip }).post('/api/auth/register', {
    nickname: uniqueNickname('L'),
    password: 'segreto1',
    cap: '20121',
    ...ADULT_BIRTH,
  });

test('one address registers at most REGISTRATION_LIMIT_PER_HOUR accounts, even all at once', async () => {
  const responses = await Promise.all(Array.from({ length: 12 }, () => register('192.0.2.50')));
  const statuses = responses.map((response) => response.status).sort();
  expect(statuses).toEqual([...Array(3).fill(200), ...Array(9).fill(429)]);
  expect(responses.find((response) => response.status === 429)?.body).toEqual({
    message: expect.stringMatching(/^Troppe registrazioni da questo indirizzo: riprova tra \d+ minut[oi]$/),
  });
  expect((await register('192.0.2.51')).status).toBe(200);
});
