import type { EntityManager } from '@mikro-orm/postgresql';
import { addStickers, type NewSticker } from '../../src/server/albums/sticker-slots.ts';
import { Album } from '../../src/server/db/entities/album.ts';
import { openDatabase } from '../../src/server/db/orm.ts';
import { sql } from './sql.ts';

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

/**
 * Gives an album's stickers kinds and sections, and the album its order limit and price (issue 49), as the
 * admin's import and form would: numbers listed per kind and per section; the rest stay 'base', with none.
 */
export async function classifyStickers(
  databaseUrl: string,
  albumId: number,
  options: {
    extra?: string[];
    speciale?: string[];
    sections?: { [section: string]: string[] };
    orderLimit?: number;
    priceCents?: number | null;
  },
) {
  const update = (column: 'kind' | 'section', value: string, numbers: string[] = []) =>
    sql(databaseUrl, `update sticker set ${column} = $3 where album_id = $1 and number = any($2)`, [
      albumId,
      numbers,
      value,
    ]);
  await update('kind', 'extra', options.extra);
  await update('kind', 'speciale', options.speciale);
  for (const [section, numbers] of Object.entries(options.sections ?? {})) {
    await update('section', section, numbers);
  }
  await sql(databaseUrl, 'update album set order_limit = $2, order_price_cents = $3 where id = $1', [
    albumId,
    options.orderLimit ?? 50,
    options.priceCents ?? null,
  ]);
}
