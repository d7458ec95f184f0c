import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../../test/support/api-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { ERROR_REPORTS_PER_MINUTE } from '../rate-limits.ts';

let oneHop: TestServer;
let noProxy: TestServer;
let listedProxy: TestServer;
beforeAll(async () => {
  oneHop = await startTestServer({ env: { TRUST_PROXY: '1' } });
  noProxy = await startTestServer({ env: { TRUST_PROXY: '0' } });
  listedProxy = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1, ::1, ::ffff:127.0.0.1' } });
});
afterAll(() => Promise.all([oneHop.close(), noProxy.close(), listedProxy.close()]));

const report = { type: 'js_error', description: 'errore di prova' };

/** Sends reports whose X-Forwarded-For starts with an address the client made up, a new one each time. */
async function reportsWithForgedAddresses(server: TestServer, count: number, realAddress: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const forged = `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const response = await apiClient(server.url).request('POST', '/api/reports/error', {
      json: report,
      headers: { 'x-forwarded-for': `${forged}, ${realAddress}` },
    });
    statuses.push(response.status);
  }
  return statuses;
}

test('behind one proxy, a client-written X-Forwarded-For does not reset the per-IP limit', async () => {
  const statuses = await reportsWithForgedAddresses(oneHop, ERROR_REPORTS_PER_MINUTE + 5, '203.0.113.7');
  expect(statuses.slice(0, ERROR_REPORTS_PER_MINUTE).every((status) => status === 200)).toBe(true);
  expect(statuses.slice(ERROR_REPORTS_PER_MINUTE)).toEqual(Array(5).fill(429));
});

test('with the proxy named by address, only the address it saw counts', async () => {
  const statuses = await reportsWithForgedAddresses(listedProxy, ERROR_REPORTS_PER_MINUTE + 1, '203.0.113.8');
  expect(statuses.at(-1)).toBe(429);
  // Another real client behind the same proxy is not affected.
  const other = await apiClient(listedProxy.url, { ip: '203.0.113.9' }).post('/api/reports/error', report);
  expect(other.status).toBe(200);
});

test('without TRUST_PROXY, X-Forwarded-For is ignored altogether', async () => {
  const statuses = await reportsWithForgedAddresses(noProxy, ERROR_REPORTS_PER_MINUTE + 1, '203.0.113.10');
  expect(statuses.at(-1)).toBe(429);
});

test('the session cookie is Secure when the request came over HTTPS through a trusted proxy', async () => {
  const credentials = { password: 'password1', cap: '20121' };
  const { nickname } = await registeredUser(oneHop.url, credentials);
  const overHttps = await apiClient(oneHop.url).request('POST', '/api/auth/login', {
    json: { nickname, password: credentials.password },
    headers: { 'x-forwarded-proto': 'https' },
  });
  expect(overHttps.status).toBe(200);
  expect(overHttps.headers.get('set-cookie')).toMatch(/sf_session=[^;]+;.*Secure/i);

  const overHttp = await apiClient(oneHop.url).post('/api/auth/login', { nickname, password: 'password1' });
  expect(overHttp.headers.get('set-cookie')).not.toMatch(/Secure/i);

  // An untrusted client cannot claim HTTPS (harmless either way, but the rule is the proxy's word only).
  const { nickname: other } = await registeredUser(noProxy.url, credentials);
  const forged = await apiClient(noProxy.url).request('POST', '/api/auth/login', {
    json: { nickname: other, password: 'password1' },
    headers: { 'x-forwarded-proto': 'https' },
  });
  expect(forged.headers.get('set-cookie')).not.toMatch(/Secure/i);
});
