import { expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { createAlbum } from '../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';

// Issue 28 item 5: 'Le mie ultime', who nearby has each sticker I still miss.

const { server, admin } = setUpServerWithAdmin();

type Holders = {
  missing: number;
  radiusKm: number;
  stickers: {
    number: string;
    name: string;
    holders: { id: number; nickname: string; comune: string | null; distanceKm: number }[];
  }[];
};

async function collectorIn(cap: string, albumId: number, marks: { yes?: string; double?: string }) {
  const user = await registeredUser(server.url, { cap });
  for (const [status, numbers] of Object.entries(marks)) {
    const response = await user.api.post('/api/user/stickers/bulk', { albumId, numbers, status });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  }
  return user;
}

test('each sticker I miss with who has a spare within 50 km, nearest first (at most 3), never a blocked pair', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 10 });
  const me = await collectorIn('20121', album.id, { yes: '1-8' });
  const milan = await collectorIn('20121', album.id, { double: '9' });
  const bergamo = await collectorIn('24121', album.id, { double: '9' });
  const monza = await collectorIn('20900', album.id, { double: '9' });
  await collectorIn('24121', album.id, { double: '9' }); // a fourth: beyond the three shown
  const blocked = await collectorIn('20121', album.id, { double: '9' });
  await collectorIn('25121', album.id, { double: '10' }); // Brescia, about 80 km away
  expect((await blocked.api.post(`/api/users/${me.id}/block`)).status).toBe(200);

  const answer = await me.api.get<Holders>(`/api/albums/${album.id}/nearby-holders`);
  expect(answer.status).toBe(200);
  expect(answer.body.missing).toBe(2);
  expect(answer.body.radiusKm).toBe(50);
  const [nine, ten] = answer.body.stickers;
  expect(nine?.number).toBe('9');
  expect(nine?.holders.map((holder) => holder.id)).toEqual([milan.id, monza.id, bergamo.id]);
  expect(nine?.holders.map((holder) => [holder.comune, holder.distanceKm])).toEqual([
    ['Milano', 0],
    ['Monza', 14],
    ['Bergamo', 45],
  ]);
  expect(ten).toEqual({ number: '10', name: 'Giocatore 10', holders: [] });

  // One sticker only (its detail's 'Chi ce l'ha vicino').
  const one = await me.api.get<Holders>(`/api/albums/${album.id}/nearby-holders?number=10`);
  expect(one.body.stickers.map((sticker) => sticker.number)).toEqual(['10']);
  // A sticker I have is not missing: nothing to look for.
  expect(
    (await me.api.get<Holders>(`/api/albums/${album.id}/nearby-holders?number=3`)).body.stickers,
  ).toEqual([]);
  expect((await me.api.get(`/api/albums/999999/nearby-holders`)).status).toBe(404);
});

test('a spare held by an accepted swap is not offered, and an inactive collector is never shown', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 4 });
  const me = await collectorIn('20121', album.id, { yes: '1', double: '2' });
  const anna = await collectorIn('20121', album.id, { double: '3' });
  const bruno = await collectorIn('20121', album.id, { double: '4' });
  const gone = await collectorIn('20121', album.id, { double: '3' });
  expect((await admin.patch(`/api/admin/users/${gone.id}/toggle-status`, { is_active: false })).status).toBe(
    200,
  );
  const proposal = await bruno.api.post<{ id: number }>('/api/swaps', {
    toUserId: anna.id,
    albumId: album.id,
    give: ['4'],
    receive: ['3'],
  });
  expect((await anna.api.post(`/api/swaps/${proposal.body.id}/accept`)).status).toBe(200);
  const answer = await me.api.get<Holders>(`/api/albums/${album.id}/nearby-holders`);
  expect(answer.body.stickers.map((sticker) => [sticker.number, sticker.holders.length])).toEqual([
    ['3', 0],
    ['4', 0],
  ]);
});

test('each holder says whether they miss one of my free spares: a swap to propose, or only a question to ask', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 10 });
  const me = await collectorIn('20121', album.id, { yes: '1-7', double: '1' });
  const needsMine = await collectorIn('20121', album.id, { yes: '2-6', double: '9' });
  const hasAll = await collectorIn('20121', album.id, { yes: '1-7', double: '9' });
  const answer = await me.api.get<{
    stickers: { number: string; holders: { id: number; givesBack: boolean }[] }[];
  }>(`/api/albums/${album.id}/nearby-holders?number=9`);
  const holders = answer.body.stickers[0]?.holders ?? [];
  expect(holders.find((holder) => holder.id === needsMine.id)?.givesBack).toBe(true);
  expect(holders.find((holder) => holder.id === hasAll.id)?.givesBack).toBe(false);
});
