import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type ApiClient,
  type ApiResponse,
  apiClient,
  registeredUser,
} from '../../test/support/api-client.ts';
import { sql } from '../../test/support/sql.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../test/support/test-server.ts';
import { DEVICE_COOKIE } from '../server/auth/device-cookie.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const THROTTLED = /^Troppi tentativi di accesso non riusciti\. Riprova tra \d+ minut[oi]\.$/;
const SPRAYING =
  /^Troppi tentativi di accesso non riusciti da questo indirizzo\. Riprova tra \d+ minut[oi]\.$/;
const TOO_MANY_LOGINS = /^Troppi accessi a questo account\. Riprova tra \d+ minut[oi]\.$/;

type Account = { nickname: string; password: string };
const logIn = (api: ApiClient, nickname: string, password: string) =>
  api.post('/api/auth/login', { nickname, password });
const fromNewAddress = () => apiClient(server.url);

/** The device cookie a login handed out, as a Cookie header pair (the test client keeps only the session). */
function deviceCookieOf(response: ApiResponse): string | undefined {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  return header?.split(';')[0];
}

/** A browser that logged in to `account` once: it carries only that login's device cookie. */
async function trustedBrowser(account: Account, ip?: string) {
  const browser = apiClient(server.url, { ip });
  const login = await logIn(browser, account.nickname, account.password);
  expect(login.status).toBe(200);
  browser.cookie = deviceCookieOf(login);
  expect(browser.cookie).toBeDefined();
  return browser;
}

/** Wrong passwords for `nickname`, all at once, each from an address of its own. */
async function wrongGuesses(nickname: string, count: number) {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) => logIn(fromNewAddress(), nickname, `sbagliata${i}`)),
  );
  return responses.map((response) => response.status);
}

test('45 parallel logins for one nickname check at most 10 wrong passwords', async () => {
  const user = await registeredUser(server.url);
  const statuses = (
    await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        logIn(fromNewAddress(), user.nickname, i === 30 ? user.password : `sbagliata${i}`),
      ),
    )
  ).map((response) => response.status);
  expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
  expect((await logIn(fromNewAddress(), user.nickname, user.password)).status).toBe(429);
});

test('40 concurrent tRPC batches of 9 logins check at most 10 wrong passwords', async () => {
  const user = await registeredUser(server.url);
  const path = `/trpc/${Array(9).fill('auth.login').join(',')}?batch=1`;
  const batch = (b: number) =>
    Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [
        String(i),
        { nickname: user.nickname, password: b === 20 && i === 4 ? user.password : `sbagliata${b}x${i}` },
      ]),
    );
  const responses = await Promise.all(
    Array.from({ length: 40 }, (_, b) =>
      fromNewAddress().request<{ error?: { message: string; data: { httpStatus: number } } }[]>(
        'POST',
        path,
        { json: batch(b) },
      ),
    ),
  );
  const results = responses.flatMap((response) => response.body);
  expect(results).toHaveLength(360);
  const statuses = results.map((result) => result.error?.data.httpStatus ?? 200);
  expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
  expect(results.find((result) => result.error?.data.httpStatus === 429)?.error?.message).toMatch(THROTTLED);
});

test('a browser that logged in before is not locked out by wrong passwords from 11 other addresses', async () => {
  const user = await registeredUser(server.url);
  const browser = await trustedBrowser(user);
  const login = await logIn(browser, user.nickname, user.password);
  expect(login.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))).toMatch(
    /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i,
  );
  browser.cookie = deviceCookieOf(login);

  await wrongGuesses(user.nickname, 11);
  const stranger = await logIn(fromNewAddress(), user.nickname, user.password);
  expect(stranger.status).toBe(429);
  expect((stranger.body as { message: string }).message).toMatch(THROTTLED);
  expect((await logIn(browser, user.nickname, user.password)).status).toBe(200);
});

test("the administrator's own browser still gets in while strangers guess the admin password", async () => {
  const browser = await trustedBrowser(TEST_ADMIN);
  await wrongGuesses(TEST_ADMIN.nickname, 11);
  expect((await logIn(fromNewAddress(), TEST_ADMIN.nickname, TEST_ADMIN.password)).status).toBe(429);
  expect(await logIn(browser, TEST_ADMIN.nickname, TEST_ADMIN.password)).toMatchObject({
    status: 200,
    body: { nickname: TEST_ADMIN.nickname, isAdmin: true },
  });
});

test("a trusted browser's own wrong passwords lock out only that browser", async () => {
  const user = await registeredUser(server.url);
  const browser = await trustedBrowser(user);
  const own = await Promise.all(
    Array.from({ length: 15 }, (_, i) => logIn(browser, user.nickname, `sbagliata${i}`)),
  );
  expect(own.filter((response) => response.status === 401).length).toBeLessThanOrEqual(10);
  expect((await logIn(browser, user.nickname, user.password)).status).toBe(429);
  expect((await logIn(fromNewAddress(), user.nickname, user.password)).status).toBe(200);
});

/** Wrong passwords for `count` nicknames nobody has, all at once, from one address. */
async function sprayFrom(ip: string, count: number, prefix: string) {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      logIn(apiClient(server.url, { ip }), `${prefix}${i}`, 'sbagliata'),
    ),
  );
  return responses.map((response) => response.status);
}

test('wrong passwords for other nicknames from one address (a NAT) lock out no new browser there', async () => {
  const ip = '198.51.100.9';
  // The admin's nickname starts clean (a test above has strangers lock it out).
  await sql(server.databaseUrl, 'delete from rate_limit where key = $1', [
    `login:nickname:${TEST_ADMIN.nickname}`,
  ]);
  expect(await sprayFrom(ip, 20, 'NOBODY')).toEqual(Array(20).fill(401));
  const user = await registeredUser(server.url);
  expect((await logIn(apiClient(server.url, { ip }), user.nickname, user.password)).status).toBe(200);
  expect(await logIn(apiClient(server.url, { ip }), TEST_ADMIN.nickname, TEST_ADMIN.password)).toMatchObject({
    status: 200,
    body: { isAdmin: true },
  });
});

test('an address past 100 failures is refused for nicknames nobody has, never for a right password', async () => {
  const ip = '198.51.100.10';
  const user = await registeredUser(server.url);
  expect(await sprayFrom(ip, 100, 'NOONE')).toEqual(Array(100).fill(401));
  expect(await logIn(apiClient(server.url, { ip }), 'NOONE100', 'sbagliata')).toMatchObject({
    status: 429,
    body: { message: expect.stringMatching(SPRAYING) },
  });
  expect((await logIn(apiClient(server.url, { ip }), user.nickname, 'sbagliata')).status).toBe(401);
  expect((await logIn(apiClient(server.url, { ip }), user.nickname, user.password)).status).toBe(200);
});

test('an account takes at most 30 right passwords in 15 minutes, from any browser', async () => {
  const user = await registeredUser(server.url);
  const browser = await trustedBrowser(user);
  const statuses: number[] = [];
  for (let round = 0; round < 7; round++) {
    const logins = await Promise.all(
      Array.from({ length: 5 }, () => logIn(fromNewAddress(), user.nickname, user.password)),
    );
    statuses.push(...logins.map((login) => login.status));
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(29);
  expect(statuses.filter((status) => status !== 200)).toEqual(Array(6).fill(429));
  expect(await logIn(browser, user.nickname, user.password)).toMatchObject({
    status: 429,
    body: { message: expect.stringMatching(TOO_MANY_LOGINS) },
  });
});

test('a device cookie vouches only for the account it was issued to; a forged one for none', async () => {
  const owner = await registeredUser(server.url);
  const victim = await registeredUser(server.url);
  const ownersBrowser = await trustedBrowser(owner);
  await wrongGuesses(victim.nickname, 10);
  expect((await logIn(ownersBrowser, victim.nickname, victim.password)).status).toBe(429);
  const forger = fromNewAddress();
  forger.cookie = `${DEVICE_COOKIE}=Fe26.2*1*forged`;
  expect((await logIn(forger, victim.nickname, victim.password)).status).toBe(429);
});

test('a right password is not counted as a failure, and a success does not wipe earlier failures', async () => {
  const user = await registeredUser(server.url);
  expect(await wrongGuesses(user.nickname, 9)).toEqual(Array(9).fill(401));
  expect((await logIn(fromNewAddress(), user.nickname, user.password)).status).toBe(200);
  expect(await wrongGuesses(user.nickname, 1)).toEqual([401]);
  expect((await logIn(fromNewAddress(), user.nickname, user.password)).status).toBe(429);
});

test('concurrent guesses of the current password are throttled per account like logins', async () => {
  const user = await registeredUser(server.url);
  const guesses = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      user.api.put('/api/user/change-password', {
        currentPassword: `sbagliata${i}`,
        newPassword: 'nuova123',
      }),
    ),
  );
  expect(guesses.filter((response) => response.status === 400).length).toBeLessThanOrEqual(10);
  expect(guesses.find((response) => response.status === 429)?.body).toEqual({
    message: expect.stringMatching(
      /^Troppi tentativi con la password attuale\. Riprova tra \d+ minut[oi]\.$/,
    ),
  });
  const right = await user.api.put('/api/user/change-password', {
    currentPassword: user.password,
    newPassword: 'nuova123',
  });
  expect(right.status).toBe(429);
});
