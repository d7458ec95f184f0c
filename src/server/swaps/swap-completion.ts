import type { EntityManager } from '@mikro-orm/postgresql';
import { SPARES_MAX } from '../../rpc/schemas/collection.ts';
import {
  type Mark,
  markStickers,
  readBitmaps,
  readSpares,
  statusAt,
} from '../collection/collection-store.ts';

/**
 * Both albums after a completed swap, in the caller's transaction (both collections locked): each given
 * double loses a spare (its last makes it 'yes'), each received sticker becomes 'yes' or gains a spare.
 * These are marks made now, by the rule every mark follows (docs/decisions/013 and 023): a tap made
 * earlier and sent later does not undo them.
 */
export async function completeSwap(
  tx: EntityManager,
  swap: { id: number; album_id: number; from_user_id: number; to_user_id: number },
) {
  const items = await tx.execute<{ sticker_id: number; slot: number; giver_id: number }[]>(
    `select i.sticker_id, s.slot, i.giver_id from swap_item i join sticker s on s.id = i.sticker_id
      where i.swap_id = ?`,
    [swap.id],
  );
  for (const userId of [swap.from_user_id, swap.to_user_id]) {
    const bitmaps = await readBitmaps(tx, userId, swap.album_id);
    const spares = await readSpares(tx, userId, swap.album_id);
    const marks: Mark[] = [];
    for (const item of items) {
      const status = statusAt(bitmaps, item.slot);
      const count = spares.get(item.slot) ?? 1;
      const stickerId = item.sticker_id;
      if (item.giver_id === userId) {
        // A sticker no longer a double was already taken off by hand: nothing left to take.
        if (status !== 'double') continue;
        marks.push(count > 1 ? { stickerId, status, spares: count - 1 } : { stickerId, status: 'yes' });
      } else if (status === 'no') {
        marks.push({ stickerId, status: 'yes' });
      } else {
        marks.push({
          stickerId,
          status: 'double',
          spares: status === 'double' ? Math.min(SPARES_MAX, count + 1) : 1,
        });
      }
    }
    await markStickers(tx, userId, marks);
  }
}
