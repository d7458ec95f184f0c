import type { EntityManager } from '@mikro-orm/postgresql';
import { addStickers, type NewSticker } from '../../src/server/albums/sticker-slots.ts';
import { Album } from '../../src/server/db/entities/album.ts';
import { openDatabase } from '../../src/server/db/orm.ts';

export type TestAlbum = { id: number; name: string; stickers: { id: number; number: string }[] };

/**
 * Puts an album with its stickers straight into a test database, through the same domain code the
 * admin panel uses. `stickers` as a number makes stickers 1…n named `Giocatore n` of `Squadra (n % 5)`.
 * `position: 'first'` puts it before every album already there: files sharing a server each add
 * their own first album, and a fixed position would tie with the one an earlier file added.
 */
export async function createAlbum(
  databaseUrl: string,
  options: { name?: string; year?: number; position?: number | 'first'; stickers: number | NewSticker[] },
): Promise<TestAlbum> {
  const stickers =
    typeof options.stickers === 'number'
      ? Array.from({ length: options.stickers }, (_, i) => ({
          number: String(i + 1),
          name: `Giocatore ${i + 1}`,
          team: `Squadra ${(i + 1) % 5}`,
        }))
      : options.stickers;
  const orm = await openDatabase(databaseUrl, () => undefined);
  try {
    return await orm.em.fork().transactional(async (em) => {
      const position = options.position === 'first' ? await beforeEveryAlbum(em) : (options.position ?? 0);
      const album = em.create(Album, {
        name: options.name ?? `Album di prova ${Math.random().toString(36).slice(2, 7)}`,
        year: options.year ?? 2026,
        position,
      });
      await em.flush();
      const created = await addStickers(em, album, stickers);
      return {
        id: album.id,
        name: album.name,
        stickers: created.map((sticker) => ({ id: sticker.id, number: sticker.number })),
      };
    });
  } finally {
    await orm.close();
  }
}

async function beforeEveryAlbum(em: EntityManager): Promise<number> {
  await em.execute('lock table album in share row exclusive mode');
  const [row] = await em.execute<{ first: number }[]>(
    'select coalesce(min(position), 0) - 1 as first from album',
  );
  return Number(row?.first);
}
