import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { sql } from '../../test/support/sql.ts';
import { swapHelpers } from '../../test/support/swaps.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import type { SwapView } from './schemas/swaps.ts';

// Issue 28 row 3: swaps that behave like a contract (docs/decisions/015).

let server: TestServer;
let album: TestAlbum;
beforeAll(async () => {
  server = await startTestServer();
  album = await createAlbum(server.databaseUrl, { stickers: 40 });
});
afterAll(() => server.close());

const { collector, propose, act, pair } = swapHelpers(
  {
    get url() {
      return server.url;
    },
  },
  () => album,
);

const stickerId = (number: string) => album.stickers.find((sticker) => sticker.number === number)?.id;

test('an identical proposal to the same collector is refused (409, Italian), even sent at once; a different one is not', async () => {
  const { anna, bruno } = await pair();
  const results = await Promise.all([
    propose(anna, bruno, ['1', '2'], ['11']),
    propose(anna, bruno, ['2', '1'], ['11']),
  ]);
  expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
  expect(results.find((result) => result.status === 409)?.body.message).toBe(
    `Hai già proposto questo stesso scambio a ${bruno.nickname}: aspetta la sua risposta`,
  );
  expect((await propose(anna, bruno, ['1'], ['11'])).status).toBe(201);
  // Once declined, the same proposal may be made again.
  const first = results.find((result) => result.status === 201)?.body.id ?? 0;
  await act(bruno, first, 'decline');
  expect((await propose(anna, bruno, ['1', '2'], ['11'])).status).toBe(201);
});

test('the chooser says who an offered double is already promised to in another open proposal', async () => {
  const anna = await collector({ double: '1, 2' });
  const [bruno, carla] = await Promise.all([collector({ double: '11' }), collector({ double: '12' })]);
  expect((await propose(anna, bruno, ['1'], ['11'])).status).toBe(201);
  const options = await anna.api.get<{ give: { number: string; offeredTo: string[] }[] }>(
    `/api/swaps/options/${carla.id}?albumId=${album.id}`,
  );
  expect(options.status).toBe(200);
  expect(options.body.give).toEqual([
    { number: '1', name: 'Giocatore 1', kind: 'base', offeredTo: [bruno.nickname] },
    { number: '2', name: 'Giocatore 2', kind: 'base', offeredTo: [] },
  ]);
});

test('a proposal that can no longer be accepted names what is gone; what is left is still listed', async () => {
  const { anna, bruno } = await pair();
  const proposed = await propose(anna, bruno, ['1', '2'], ['11']);
  expect(proposed.body.unavailable).toEqual([]);
  // Anna gives her double 1 away by hand.
  await anna.api.put(`/api/user/stickers/${stickerId('1')}`, { status: 'yes' });
  const seen = await bruno.api.get<SwapView>(`/api/swaps/${proposed.body.id}`);
  expect(seen.body).toMatchObject({ status: 'proposto', unavailable: ['1'] });
});

test('cancelling an accepted swap with a reason writes the reason into the pair’s chat', async () => {
  const { anna, bruno } = await pair();
  const match = await anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id });
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, id, 'accept');
  const cancelled = await bruno.api.post<SwapView>(`/api/swaps/${id}/cancel`, {
    reason: '  Non riesco a venire sabato  ',
  });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.status).toBe('annullato');
  const messages = await anna.api.get<{ content: string; senderId: number }[]>(
    `/api/matches/${match.body.id}/messages`,
  );
  expect(messages.body.map((message) => [message.senderId, message.content])).toEqual([
    [bruno.id, 'Ho annullato lo scambio: Non riesco a venire sabato'],
  ]);
  const tooLong = await bruno.api.post(`/api/swaps/${id}/cancel`, { reason: 'x'.repeat(301) });
  expect(tooLong.status).toBe(400);
  expect(tooLong.body.message).toBe('Il motivo non può superare 300 caratteri');
  const rows = await sql(server.databaseUrl, 'select count(*)::int as n from message where match_id = $1', [
    match.body.id,
  ]);
  expect(rows).toEqual([{ n: 1 }]);
});

test('my promises in an album: the doubles accepted swaps have me give, with the swap and to whom', async () => {
  const { anna, bruno } = await pair();
  const proposed = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  expect((await anna.api.get(`/api/swaps/promises/${album.id}`)).body).toEqual([]);
  await act(bruno, proposed, 'accept');
  expect((await anna.api.get(`/api/swaps/promises/${album.id}`)).body).toEqual([
    { stickerId: stickerId('1'), swapId: proposed, nickname: bruno.nickname },
  ]);
  expect((await bruno.api.get(`/api/swaps/promises/${album.id}`)).body).toEqual([
    { stickerId: stickerId('11'), swapId: proposed, nickname: anna.nickname },
  ]);
});
