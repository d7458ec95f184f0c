import { beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { TAP_TIME_PAST_MAX_DAYS } from '../server/collection/collection-store.ts';

const { server, admin } = setUpServerWithAdmin();
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { stickers: 10 });
});

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => Date.now() - ms;
const idOf = (number: string) => album.stickers.find((sticker) => sticker.number === number)?.id as number;

type Collector = Awaited<ReturnType<typeof registeredUser>>;
type Mark = { stickerId: number; status: string; userId: number };

const tap = (user: Collector, number: string, body: Record<string, unknown>) =>
  user.api.put<Mark>(`/api/user/stickers/${idOf(number)}`, body);

/** The same call through tRPC, as the web client makes it. */
const trpcTap = (user: Collector, number: string, body: Record<string, unknown>) =>
  user.api.request<{ result?: { data: Mark }; error?: { message: string } }>(
    'POST',
    '/trpc/collection.setStatus',
    { json: { stickerId: idOf(number), ...body } },
  );

async function statusesOf(user: Collector) {
  const response = await user.api.get<Mark[]>(`/api/user/stickers/${album.id}`);
  expect(response.status).toBe(200);
  return Object.fromEntries(response.body.map((mark) => [mark.stickerId, mark.status]));
}

async function markedAt(user: Collector, number: string) {
  const [row] = await sql<{ marked_at: Date }>(
    server.databaseUrl,
    'select marked_at from sticker_mark where user_id = $1 and sticker_id = $2',
    [user.id, idOf(number)],
  );
  return row?.marked_at.getTime();
}

test('an older tap sent after a newer one changes nothing, and the answer is the status that won', async () => {
  const user = await registeredUser(server.url);
  expect(await tap(user, '1', { status: 'double', tappedAt: ago(1000) })).toMatchObject({
    status: 200,
    body: { stickerId: idOf('1'), status: 'double', userId: user.id },
  });
  expect(await tap(user, '1', { status: 'no', tappedAt: ago(5000) })).toMatchObject({
    status: 200,
    body: { stickerId: idOf('1'), status: 'double' },
  });

  expect(await trpcTap(user, '2', { status: 'yes', tappedAt: ago(2000) })).toMatchObject({
    status: 200,
    body: { result: { data: { status: 'yes' } } },
  });
  expect(await trpcTap(user, '2', { status: 'double', tappedAt: ago(3000) })).toMatchObject({
    status: 200,
    body: { result: { data: { stickerId: idOf('2'), status: 'yes', userId: user.id } } },
  });
  expect(await statusesOf(user)).toEqual({ [idOf('1')]: 'double', [idOf('2')]: 'yes' });
});

test('a newer tap wins, and a tap without a time is made now', async () => {
  const user = await registeredUser(server.url);
  await tap(user, '3', { status: 'yes', tappedAt: ago(5000) });
  expect(await trpcTap(user, '3', { status: 'double', tappedAt: ago(1000) })).toMatchObject({
    body: { result: { data: { status: 'double' } } },
  });
  expect(await statusesOf(user)).toEqual({ [idOf('3')]: 'double' });
  expect((await tap(user, '3', { status: 'no' })).body).toMatchObject({ status: 'no' });
  // Sent after the tap without a time, but made before it.
  expect((await tap(user, '3', { status: 'yes', tappedAt: ago(500) })).body).toMatchObject({ status: 'no' });
  expect(await statusesOf(user)).toEqual({});
});

test('a tap dated in the future counts as now: a later tap wins over it', async () => {
  const user = await registeredUser(server.url);
  const before = Date.now();
  expect((await tap(user, '4', { status: 'double', tappedAt: Date.now() + 3 * DAY })).body).toMatchObject({
    status: 'double',
  });
  expect(await markedAt(user, '4')).toBeLessThanOrEqual(Date.now());
  expect(await markedAt(user, '4')).toBeGreaterThanOrEqual(before);
  expect((await tap(user, '4', { status: 'yes' })).body).toMatchObject({ status: 'yes' });
  expect((await trpcTap(user, '5', { status: 'yes', tappedAt: Date.now() + DAY })).status).toBe(200);
  expect(await trpcTap(user, '5', { status: 'no', tappedAt: Date.now() })).toMatchObject({
    body: { result: { data: { status: 'no' } } },
  });
  expect(await statusesOf(user)).toEqual({ [idOf('4')]: 'yes' });
});

test(`a tap dated 60 days ago is taken as ${TAP_TIME_PAST_MAX_DAYS} days ago: accepted, but older than a mark of 10 days ago`, async () => {
  const user = await registeredUser(server.url);
  expect((await tap(user, '6', { status: 'yes', tappedAt: ago(60 * DAY) })).body).toMatchObject({
    status: 'yes',
  });
  const bound = ago(TAP_TIME_PAST_MAX_DAYS * DAY);
  expect(Math.abs(((await markedAt(user, '6')) ?? 0) - bound)).toBeLessThan(60_000);

  await tap(user, '7', { status: 'double', tappedAt: ago(10 * DAY) });
  expect((await tap(user, '7', { status: 'no', tappedAt: ago(60 * DAY) })).body).toMatchObject({
    status: 'double',
  });
  expect(await statusesOf(user)).toEqual({ [idOf('6')]: 'yes', [idOf('7')]: 'double' });
});

test('bulk entry writes only the stickers whose latest mark is older than its tap', async () => {
  const user = await registeredUser(server.url);
  await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '1, 2',
    status: 'yes',
    tappedAt: ago(1000),
  });
  await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    stickerIds: [idOf('3')],
    status: 'yes',
    tappedAt: ago(10_000),
  });
  const mixed = await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '1-4, 99',
    status: 'double',
    tappedAt: ago(5000),
  });
  expect(mixed).toMatchObject({
    status: 200,
    body: { updated: 2, unknown: ['99'], unknownCount: 1 },
  });
  expect((mixed.body.stickerIds as number[]).toSorted((a, b) => a - b)).toEqual([idOf('3'), idOf('4')]);
  // Each sticker found answers with its status now: what the later marks kept, or the double asked for.
  const marks = mixed.body.marks as { stickerId: number; status: string; spares?: number }[];
  expect(marks.map(({ stickerId, status, spares }) => ({ stickerId, status, spares }))).toEqual([
    { stickerId: idOf('1'), status: 'yes', spares: undefined },
    { stickerId: idOf('2'), status: 'yes', spares: undefined },
    { stickerId: idOf('3'), status: 'double', spares: 1 },
    { stickerId: idOf('4'), status: 'double', spares: 1 },
  ]);
  expect(await statusesOf(user)).toEqual({
    [idOf('1')]: 'yes',
    [idOf('2')]: 'yes',
    [idOf('3')]: 'double',
    [idOf('4')]: 'double',
  });

  const stale = await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    stickerIds: [idOf('1'), idOf('2')],
    status: 'no',
    tappedAt: ago(60_000),
  });
  expect(stale).toMatchObject({ status: 200, body: { updated: 0, stickerIds: [], unknown: [] } });
  expect(Object.keys(await statusesOf(user))).toHaveLength(4);
});

test('a bad tap time is refused in Italian and writes nothing', async () => {
  const user = await registeredUser(server.url);
  const message = 'Orario della modifica non valido';
  for (const tappedAt of [1.5, -5, 0, '1700000000000', null, true, 2 ** 53, { at: 1 }]) {
    expect(await tap(user, '8', { status: 'yes', tappedAt })).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await trpcTap(user, '8', { status: 'yes', tappedAt })).toMatchObject({
      status: 400,
      body: { error: { message } },
    });
    expect(
      await user.api.post('/api/user/stickers/bulk', {
        albumId: album.id,
        numbers: '8',
        status: 'yes',
        tappedAt,
      }),
    ).toMatchObject({ status: 400, body: { message } });
  }
  expect(await statusesOf(user)).toEqual({});
  expect(await markedAt(user, '8')).toBeUndefined();
});

test('taps on one sticker at once, with different times, end with the latest one', async () => {
  const user = await registeredUser(server.url);
  const statuses = ['yes', 'double', 'no'];
  let previous = 'no';
  for (let round = 0; round < 6; round += 1) {
    const now = Date.now();
    // Six taps made 0…5 × 100 ms ago, sent in a shuffled order; the newest one's status differs from
    // the previous round's winner, so a lost round shows.
    const ages = [0, 1, 2, 3, 4, 5].toSorted(() => Math.random() - 0.5);
    const winner = statuses[(statuses.indexOf(previous) + 1 + (round % 2)) % 3] as string;
    const taps = ages.map((age) => ({
      status: age === 0 ? winner : (statuses[(age + round) % 3] as string),
      tappedAt: now - age * 100,
    }));
    const responses = await Promise.all(
      taps.map((body, i) => (i % 2 ? tap(user, '9', body) : trpcTap(user, '9', body))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    expect((await statusesOf(user))[idOf('9')] ?? 'no').toBe(winner);
    expect(await markedAt(user, '9')).toBe(now);
    previous = winner;
  }
});

test('clearing an album takes its marks with its stickers: a stale tap finds no sticker', async () => {
  const small = await createAlbum(server.databaseUrl, { stickers: 2 });
  const user = await registeredUser(server.url);
  const [first] = small.stickers;
  await user.api.put(`/api/user/stickers/${first?.id}`, { status: 'double', tappedAt: ago(1000) });
  expect((await admin.delete(`/api/albums/${small.id}/stickers`)).status).toBe(200);
  const marks = await sql(server.databaseUrl, 'select 1 from sticker_mark where user_id = $1', [user.id]);
  expect(marks).toEqual([]);
  expect(
    await user.api.put(`/api/user/stickers/${first?.id}`, { status: 'yes', tappedAt: ago(5000) }),
  ).toMatchObject({ status: 404, body: { message: 'Figurina non trovata' } });
});
