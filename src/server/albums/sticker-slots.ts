import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';
import type { Album } from '../db/entities/album.ts';
import { Sticker } from '../db/entities/sticker.ts';

const CAPACITY_STEP = 256;

export type NewSticker = {
  number: string;
  name: string;
  team?: string | null;
  description?: string | null;
  kind?: StickerKind | undefined;
  section?: string | null | undefined;
};

/**
 * Adds stickers to an album after its last one, giving each the next free bit of the album's collection bitmaps. When the
 * bits run out, every collection of the album grows in the same transaction, so all bitmaps of one
 * album keep one length (the match search combines them bit by bit). Call inside a transaction.
 */
export async function addStickers(
  em: EntityManager,
  album: Album,
  stickers: NewSticker[],
): Promise<Sticker[]> {
  // The locked row, not the entity the caller loaded earlier, says which slots are free.
  const [locked] = await em.execute<{ next_slot: number; slot_capacity: number }[]>(
    'select next_slot, slot_capacity from album where id = ? for update',
    [album.id],
  );
  if (locked) Object.assign(album, { nextSlot: locked.next_slot, slotCapacity: locked.slot_capacity });
  if (stickers.length === 0) return [];
  // New stickers go after the album's last one, in the order given: the printed album's.
  const [last] = await em.execute<{ position: number | null }[]>(
    'select max(position) as position from sticker where album_id = ?',
    [album.id],
  );
  const firstPosition = (last?.position ?? -1) + 1;
  const created = stickers.map((sticker, index) =>
    em.create(Sticker, {
      album,
      number: sticker.number,
      name: sticker.name,
      team: sticker.team ?? null,
      description: sticker.description ?? null,
      kind: sticker.kind ?? 'base',
      section: sticker.section ?? null,
      slot: album.nextSlot + index,
      position: firstPosition + index,
    }),
  );
  album.nextSlot += stickers.length;
  if (album.nextSlot > album.slotCapacity) {
    const capacity = Math.ceil(album.nextSlot / CAPACITY_STEP) * CAPACITY_STEP;
    const extra = capacity - album.slotCapacity;
    await em.execute(
      `update collection set owned = owned || repeat('0', ?)::varbit, doubles = doubles || repeat('0', ?)::varbit
        where album_id = ?`,
      [extra, extra, album.id],
    );
    album.slotCapacity = capacity;
  }
  await em.flush();
  return created;
}
