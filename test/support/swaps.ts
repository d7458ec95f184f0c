import type { SwapView } from '../../src/rpc/schemas/swaps.ts';
import { type ApiClient, registeredUser } from './api-client.ts';
import type { TestAlbum } from './catalogue.ts';

export type SwapAnswer = SwapView & { message?: string };
export type SwapCollector = Awaited<ReturnType<typeof registeredUser>>;

/**
 * Collectors marking one album and swapping through the REST API. `album` is read at each call, so a test
 * may move everybody to a fresh album (a search of its own).
 */
export function swapHelpers(server: { url: string }, album: () => TestAlbum) {
  async function mark(user: { api: ApiClient }, status: string, numbers: string) {
    const response = await user.api.post('/api/user/stickers/bulk', { albumId: album().id, numbers, status });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  }

  /** A registered collector (in Milan, like everybody) with these marks. */
  async function collector(marks: { yes?: string; double?: string } = {}) {
    const user = await registeredUser(server.url);
    if (marks.yes) await mark(user, 'yes', marks.yes);
    if (marks.double) await mark(user, 'double', marks.double);
    return user;
  }

  const propose = (from: SwapCollector, to: SwapCollector, give: string[], receive: string[]) =>
    from.api.post<SwapAnswer>('/api/swaps', { toUserId: to.id, albumId: album().id, give, receive });

  const act = (user: SwapCollector, id: number, action: string) =>
    user.api.post<SwapAnswer>(`/api/swaps/${id}/${action}`);

  /** Anna has doubles 1, 2 (Bruno lacks them); Bruno has doubles 11, 12 (Anna lacks them). */
  async function pair() {
    const anna = await collector({ yes: '3', double: '1, 2' });
    const bruno = await collector({ yes: '13', double: '11, 12' });
    return { anna, bruno };
  }

  /** A swap of `give` for `receive` proposed, accepted and confirmed by both; its id. */
  async function completedSwap(from: SwapCollector, to: SwapCollector, give: string[], receive: string[]) {
    const proposed = await propose(from, to, give, receive);
    if (proposed.status !== 201) throw new Error(JSON.stringify(proposed.body));
    const id = proposed.body.id;
    for (const [user, action] of [
      [to, 'accept'],
      [from, 'confirm'],
      [to, 'confirm'],
    ] as const) {
      const step = await act(user, id, action);
      if (step.status !== 200) throw new Error(`${action}: ${JSON.stringify(step.body)}`);
    }
    return id;
  }

  return { mark, collector, propose, act, pair, completedSwap };
}

/**
 * A collector's marks of an album by number, a double with its spares ('double×2'): what a swap's end
 * changed, read through the API.
 */
export async function stickerStatuses(user: { api: ApiClient }, album: TestAlbum) {
  const response = await user.api.get<{ stickerId: number; status: string; spares?: number }[]>(
    `/api/user/stickers/${album.id}`,
  );
  const byNumber: Record<string, string> = {};
  for (const row of response.body) {
    const number = album.stickers.find((sticker) => sticker.id === row.stickerId)?.number as string;
    byNumber[number] = row.status === 'double' ? `double×${row.spares}` : row.status;
  }
  return byNumber;
}
