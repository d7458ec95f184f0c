import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerStatus } from '../../src/rpc/schemas/collection.ts';
import { markStickers } from '../../src/server/collection/collection-store.ts';
import { User } from '../../src/server/db/entities/user.ts';
import { locateCap } from '../../src/server/geo/cap-location.ts';
import { ADULT_BIRTH, registeredUser } from './api-client.ts';

type Birth = { birthYear: number; birthMonth: number };

import { createAlbum } from './catalogue.ts';

/**
 * A collector written straight into the database (no password hashing: they never log in), with their
 * marks on one album given by sticker slot. For tests that need hundreds of collectors.
 */
export async function seedCollector(
  em: EntityManager,
  options: {
    nickname: string;
    cap: string;
    active?: boolean;
    albumId?: number;
    marks?: { slot: number; status: StickerStatus }[];
    /** An adult's unless given. */
    birth?: Birth;
  },
): Promise<User> {
  const user = em.create(User, {
    nickname: options.nickname,
    passwordHash: 'not-a-hash',
    cap: options.cap,
    ...locateCap(options.cap),
    ...(options.birth ?? ADULT_BIRTH),
    trialEndsAt: new Date(),
    isActive: options.active ?? true,
  });
  await em.flush();
  if (options.albumId !== undefined && options.marks && options.marks.length > 0) {
    await markSlots(em, user.id, options.albumId, options.marks);
  }
  return user;
}

/** Marks stickers of one album, named by slot, as a collector's marks made now (the rule of every mark). */
export async function markSlots(
  em: EntityManager,
  userId: number,
  albumId: number,
  marks: { slot: number; status: StickerStatus }[],
) {
  const stickers = await em.execute<{ id: number; slot: number }[]>(
    'select id, slot from sticker where album_id = ?',
    [albumId],
  );
  const idAt = new Map(stickers.map((sticker) => [sticker.slot, sticker.id]));
  await markStickers(
    em,
    userId,
    marks.map(({ slot, status }) => ({ stickerId: idAt.get(slot) as number, status })),
  );
}

type Collector = Awaited<ReturnType<typeof registeredUser>>;

/**
 * Makes registered collectors candidates of one another in the match search, as creating a match
 * requires: in a new album each gets a double of a sticker of their own, which all the others lack. They
 * must live within 50 km of one another (registeredUser's default CAP puts everybody in Milan). Returns
 * the album.
 */
export async function makeCandidates(server: { databaseUrl: string }, ...collectors: Collector[]) {
  const album = await createAlbum(server.databaseUrl, { stickers: collectors.length });
  await Promise.all(
    collectors.map(async (collector, i) => {
      const response = await collector.api.post('/api/user/stickers/bulk', {
        albumId: album.id,
        numbers: String(i + 1),
        status: 'double',
      });
      if (response.status !== 200) throw new Error(`marking failed: ${JSON.stringify(response.body)}`);
    }),
  );
  return album;
}

/** Two collectors nearby with a match between them (made by the first), ready to chat; the album that made them candidates. */
export async function matchedPair(
  server: { url: string; databaseUrl: string },
  births: [Birth, Birth] = [ADULT_BIRTH, ADULT_BIRTH],
) {
  const [anna, bruno] = await Promise.all(births.map((birth) => registeredUser(server.url, birth)));
  if (!anna || !bruno) throw new Error('two collectors');
  const album = await makeCandidates(server, anna, bruno);
  const match = await anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id });
  if (match.status !== 200) throw new Error(`match refused: ${JSON.stringify(match.body)}`);
  return { anna, bruno, matchId: match.body.id, album };
}

/**
 * A collector registered through the API with these marks of `album`, set one by one as taps would:
 * sticker number → 'yes', or a double's spares.
 */
export async function markedCollector(
  serverUrl: string,
  album: { stickers: { id: number; number: string }[] },
  marks: Record<string, 'yes' | number>,
) {
  const user = await registeredUser(serverUrl);
  for (const [number, mark] of Object.entries(marks)) {
    const sticker = album.stickers.find((one) => one.number === number);
    if (!sticker) throw new Error(`no sticker ${number} in the album`);
    const body = mark === 'yes' ? { status: 'yes' } : { status: 'double', spares: mark };
    const answer = await user.api.put(`/api/user/stickers/${sticker.id}`, body);
    if (answer.status !== 200) throw new Error(`mark ${number} refused: ${JSON.stringify(answer.body)}`);
  }
  return user;
}
