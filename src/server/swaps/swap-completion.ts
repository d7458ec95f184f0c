import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { SPARES_MAX } from '../../rpc/schemas/collection.ts';
import { readBitmaps, readSpares, statusAt, writeStatuses } from '../collection/collection-store.ts';

type Change = { slot: number; status: StickerStatus; spares?: number };

/**
 * Both albums after a completed swap, in the caller's transaction (both collections locked): each given
 * double loses a spare (its last makes it 'yes'), each received sticker becomes 'yes' or gains a spare.
 * These are marks made now (decision 013): a tap made earlier and sent later does not undo them.
 */
export async function completeSwap(
  tx: EntityManager,
  swap: { id: number; album_id: number; from_user_id: number; to_user_id: number },
) {
  const items = await tx.execute<{ slot: number; giver_id: number }[]>(
    'select s.slot, i.giver_id from swap_item i join sticker s on s.id = i.sticker_id where i.swap_id = ?',
    [swap.id],
  );
  for (const userId of [swap.from_user_id, swap.to_user_id]) {
    const bitmaps = await readBitmaps(tx, userId, swap.album_id);
    const spares = await readSpares(tx, userId, swap.album_id);
    const changes: Change[] = [];
    for (const item of items) {
      const status = statusAt(bitmaps, item.slot);
      const count = spares.get(item.slot) ?? 1;
      if (item.giver_id === userId) {
        // A sticker no longer a double was already taken off by hand: nothing left to take.
        if (status !== 'double') continue;
        changes.push(
          count > 1 ? { slot: item.slot, status, spares: count - 1 } : { slot: item.slot, status: 'yes' },
        );
      } else if (status === 'no') {
        changes.push({ slot: item.slot, status: 'yes' });
      } else {
        changes.push({
          slot: item.slot,
          status: 'double',
          spares: status === 'double' ? Math.min(SPARES_MAX, count + 1) : 1,
        });
      }
    }
    if (changes.length > 0) await writeStatuses(tx, userId, swap.album_id, changes);
  }
}
