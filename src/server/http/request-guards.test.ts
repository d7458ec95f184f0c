import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../../test/support/api-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ownOrigin = () => new URL(server.url).origin;
/** Another port of the same host: same-site for SameSite cookies, a different origin all the same. */
const otherPort = () => `http://localhost:${server.port + 1}`;

async function stillLoggedIn(api: ReturnType<typeof apiClient>) {
  return (await api.get('/api/auth/me')).status === 200;
}

test('a form on another port of this host cannot log a collector out (text/plain, REST)', async () => {
  const { api } = await registeredUser(server.url);
  const response = await api.request('POST', '/api/auth/logout', {
    raw: 'x=1',
    headers: { origin: otherPort(), 'content-type': 'text/plain' },
  });
  expect(response).toMatchObject({
    status: 403,
    body: { message: 'Richiesta rifiutata: proviene da un altro sito' },
  });
  expect(await stillLoggedIn(api)).toBe(true);
});

test('a foreign Origin is refused before any work: no account is created', async () => {
  const api = apiClient(server.url);
  const response = await api.request('POST', '/api/auth/register', {
    json: { nickname: 'CSRF1', password: 'password1', cap: '20121', birthYear: 1990, birthMonth: 5 },
    headers: { origin: 'https://evil.example' },
  });
  expect(response.status).toBe(403);
  const login = await api.post('/api/auth/login', { nickname: 'CSRF1', password: 'password1' });
  expect(login.status).toBe(401);
});

test('a cross-site or same-site Sec-Fetch-Site without Origin is refused too', async () => {
  const { api } = await registeredUser(server.url);
  for (const site of ['cross-site', 'same-site']) {
    const response = await api.request('POST', '/api/auth/logout', { headers: { 'sec-fetch-site': site } });
    expect(response.status).toBe(403);
  }
  expect(await stillLoggedIn(api)).toBe(true);
});

test('a mutation body that is not JSON is 415, even from our own origin and even on tRPC', async () => {
  const { api } = await registeredUser(server.url);
  const plain = await api.request('POST', '/api/auth/logout', {
    raw: '',
    headers: { origin: ownOrigin(), 'content-type': 'text/plain' },
  });
  expect(plain).toMatchObject({
    status: 415,
    body: { message: 'Formato della richiesta non supportato: usa JSON' },
  });
  const multipart = await api.request('POST', '/trpc/auth.logout', {
    raw: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
    headers: { origin: ownOrigin(), 'content-type': 'multipart/form-data; boundary=b' },
  });
  expect(multipart.status).toBe(415);
  expect(await stillLoggedIn(api)).toBe(true);
});

test('our own pages work: same Origin with JSON, REST and tRPC', async () => {
  const { api } = await registeredUser(server.url);
  const rest = await api.request('PUT', '/api/user/radius', {
    json: { raggioKm: 25 },
    headers: { origin: ownOrigin(), 'sec-fetch-site': 'same-origin' },
  });
  expect(rest.status).toBe(200);
  const trpc = await api.request('POST', '/trpc/auth.logout', {
    json: {},
    headers: { origin: ownOrigin(), 'sec-fetch-site': 'same-origin' },
  });
  expect(trpc.status).toBe(200);
  expect(await stillLoggedIn(api)).toBe(false);
});

test('an integrator may call a bodiless mutation without Origin or content type', async () => {
  const { api } = await registeredUser(server.url);
  const response = await api.request('POST', '/api/auth/logout');
  expect(response.status).toBe(200);
  expect(await stillLoggedIn(api)).toBe(false);
});
