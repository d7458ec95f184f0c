import { beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';

const { server, admin } = setUpServerWithAdmin();
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { stickers: 5 });
});

const NOT_ALLOWED = 'Il testo contiene caratteri non consentiti';
const NUL = '\u0000';

/** Two collectors with a chat between them, made in the table: who may start a match is not the point here. */
async function chat() {
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  const [match] = await sql<{ id: number }>(
    server.databaseUrl,
    `insert into match (user_low_id, user_high_id, created_at)
     values (least($1::int, $2::int), greatest($1::int, $2::int), now()) returning id`,
    [anna.id, bruno.id],
  );
  return { anna, matchId: match?.id as number };
}

type Refusal = { status: number; body: { message?: unknown } };
const expectRefused = (response: Refusal, message = NOT_ALLOWED) =>
  expect(response).toMatchObject({ status: 400, body: { message } });

test('a NUL character is refused with 400 on login and registration', async () => {
  const anonymous = apiClient(server.url);
  expectRefused(await anonymous.post('/api/auth/login', { nickname: `CAPO${NUL}`, password: 'x' }));
  expectRefused(await anonymous.post('/api/auth/login', { nickname: 'CAPO', password: `pw${NUL}` }));
  expectRefused(
    await anonymous.post('/api/auth/register', {
      nickname: 'NULLO',
      password: `segreto${NUL}`,
      cap: '20121',
      birthYear: 1990,
      birthMonth: 5,
    }),
  );
});

test('a NUL character is refused with 400 in album and sticker administration', async () => {
  expectRefused(await admin.post('/api/albums', { name: `Album${NUL}` }));
  expectRefused(await admin.put(`/api/albums/${album.id}`, { name: `Rinominato${NUL}` }));
  expectRefused(
    await admin.post(`/api/albums/${album.id}/stickers/bulk`, {
      stickers: [{ number: `X${NUL}1`, name: 'a' }],
    }),
  );
  expectRefused(
    await admin.post(`/api/albums/${album.id}/stickers/bulk`, {
      stickers: [{ number: 'X1', name: `a${NUL}` }],
    }),
  );
  const sticker = album.stickers[0]?.id;
  expectRefused(await admin.put(`/api/albums/${album.id}/stickers/${sticker}`, { description: `d${NUL}` }));
  expectRefused(await admin.get(`/api/admin/users?search=${encodeURIComponent(`A${NUL}`)}`));
  expectRefused(await admin.get('/api/admin/users?search=%00'));
});

test('a NUL character is refused with 400 in chat, quick entry and reports', async () => {
  const { anna, matchId } = await chat();
  expectRefused(await anna.api.post(`/api/matches/${matchId}/messages`, { content: `ciao${NUL}` }));
  expectRefused(
    await anna.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: `1${NUL}`, status: 'yes' }),
  );
  expectRefused(await anna.api.post('/api/reports', { description: `rotto${NUL}` }));
  expectRefused(await anna.api.post('/api/reports', { description: 'rotto', page: `/a${NUL}` }));
  const anonymous = apiClient(server.url);
  for (const body of [
    { type: 'js_error', description: `x${NUL}` },
    { type: 'js_error', description: 'x', url: `http://a/${NUL}` },
    { type: 'js_error', description: 'x', errorDetails: { [`chiave${NUL}`]: 1 } },
    { type: 'js_error', description: 'x', errorDetails: { stack: ['a', { deep: `b${NUL}` }] } },
    { type: 'js_error', description: 'x', errorDetails: `testo${NUL}` },
  ]) {
    expectRefused(await anonymous.post('/api/reports/error', body));
  }
  for (const filter of ['status', 'priority', 'type', 'page', 't']) {
    const response = await admin.get(`/api/admin/reports?${filter}=%00`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.any(String) });
  }
});

test('other control characters are refused too; tab, new line and carriage return are text', async () => {
  const { anna, matchId } = await chat();
  for (const control of ['\u0001', '\u0008', '\u000b', '\u001b', '\u007f']) {
    expectRefused(await anna.api.post(`/api/matches/${matchId}/messages`, { content: `a${control}b` }));
  }
  const sent = await anna.api.post(`/api/matches/${matchId}/messages`, {
    content: 'riga\tuno\r\nriga due',
  });
  expect(sent).toMatchObject({ status: 200, body: { content: 'riga\tuno\r\nriga due' } });
});

test('a 16 KB errorDetails nested 8,000 deep answers 400, not 500', async () => {
  const deep = `${'['.repeat(8000)}${']'.repeat(8000)}`;
  const raw = `{"type":"js_error","description":"profondo","errorDetails":${deep}}`;
  expect(raw.length).toBeLessThan(16 * 1024);
  const response = await apiClient(server.url).request('POST', '/api/reports/error', { raw });
  expectRefused(response, 'Dettagli troppo annidati');
  const objects = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
  expectRefused(
    await apiClient(server.url).request('POST', '/api/reports/error', {
      raw: `{"type":"js_error","description":"profondo","errorDetails":${objects}}`,
    }),
    'Dettagli troppo annidati',
  );
  const deepName = await admin.request('POST', '/api/albums', { raw: `{"name":${deep}}` });
  expect(deepName).toMatchObject({ status: 400, body: { message: expect.any(String) } });
  // Twenty levels are fine: real stack traces and response samples are shallow.
  const shallow = `${'['.repeat(20)}${']'.repeat(20)}`;
  const fine = await apiClient(server.url).request('POST', '/api/reports/error', {
    raw: `{"type":"js_error","description":"poco profondo","errorDetails":${shallow}}`,
  });
  expect(fine.status).toBe(200);
});

test('the same refusals through tRPC', async () => {
  const anonymous = apiClient(server.url);
  const login = await anonymous.request('POST', '/trpc/auth.login', {
    json: { nickname: `CAPO${NUL}`, password: 'x' },
  });
  expect(login).toMatchObject({ status: 400, body: { error: { message: NOT_ALLOWED } } });
  const deep = await anonymous.request('POST', '/trpc/reports.error', {
    raw: `{"type":"js_error","description":"x","errorDetails":${'['.repeat(8000)}${']'.repeat(8000)}}`,
  });
  expect(deep).toMatchObject({ status: 400, body: { error: { message: 'Dettagli troppo annidati' } } });
  const search = await admin.get(
    `/trpc/users.list?input=${encodeURIComponent(JSON.stringify({ search: NUL }))}`,
  );
  expect(search).toMatchObject({ status: 400, body: { error: { message: NOT_ALLOWED } } });
});

test('the error report bounds its fields on both transports: a long description is refused, not cut', async () => {
  const body = { type: 'js_error', description: 'd'.repeat(5000) };
  const message = 'La descrizione non può superare 2000 caratteri';
  expect(await apiClient(server.url).post('/api/reports/error', body)).toMatchObject({
    status: 400,
    body: { message },
  });
  expect(await apiClient(server.url).request('POST', '/trpc/reports.error', { json: body })).toMatchObject({
    status: 400,
    body: { error: { message } },
  });
  const details = { type: 'js_error', description: 'x', errorDetails: { stack: 'e'.repeat(9000) } };
  expect(await apiClient(server.url).request('POST', '/trpc/reports.error', { json: details })).toMatchObject(
    {
      status: 400,
      body: { error: { message: "Dettagli dell'errore troppo lunghi" } },
    },
  );
});

test('quick entry answers a 5 KB request with a small body: at most 50 unknown numbers and their count', async () => {
  const user = await registeredUser(server.url);
  const request = JSON.stringify({ albumId: album.id, numbers: `${'A'.repeat(4900)} 1-999`, status: 'yes' });
  const response = await user.api.request<{ updated: number; unknown: string[]; unknownCount: number }>(
    'POST',
    '/api/user/stickers/bulk',
    { raw: request },
  );
  expect(response.status).toBe(200);
  const bytes = Buffer.byteLength(JSON.stringify(response.body));
  expect(bytes).toBeLessThan(2 * request.length);
  expect(response.body.updated).toBe(0);
  expect(response.body.unknown.length).toBeLessThanOrEqual(50);
  expect(response.body.unknownCount).toBe(1);

  const many = await user.api.post<{ updated: number; unknown: string[]; unknownCount: number }>(
    '/api/user/stickers/bulk',
    { albumId: album.id, numbers: 'ITA 1-900, 2-3', status: 'yes' },
  );
  expect(many.body).toMatchObject({ updated: 2, unknownCount: 900 });
  expect(many.body.unknown).toHaveLength(50);
  expect(many.body.unknown.slice(0, 2)).toEqual(['ITA 1', 'ITA 2']);
});
