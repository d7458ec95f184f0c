import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../domain-error.ts';

const IDENTICAL_PROPOSAL_MESSAGE = (nickname: string) =>
  `Hai già proposto questo stesso scambio a ${nickname}: aspetta la sua risposta`;

/**
 * Refuses (409) a proposal with the same stickers on both sides as one of mine still waiting for the same
 * collector's answer in this album. Run under the proposer's advisory lock (swap-proposal.ts), so two
 * identical proposals sent at once are compared one after the other.
 */
export async function assertNotIdentical(
  tx: EntityManager,
  proposal: { fromUserId: number; toUserId: number; toNickname: string; albumId: number },
  items: { stickerId: number; giverId: number }[],
) {
  // A sticker is on one side only (its giver has a spare, the taker misses it): the ids alone say the set.
  const key = items
    .map((item) => `${item.stickerId}:${item.giverId}`)
    .sort()
    .join(',');
  const [same] = await tx.execute<{ id: number }[]>(
    `select w.id from swap w
      where w.from_user_id = ? and w.to_user_id = ? and w.album_id = ? and w.status = 'proposto' and w.expires_at > now()
        and (select string_agg(i.sticker_id || ':' || i.giver_id, ',' order by (i.sticker_id || ':' || i.giver_id) collate "C")
               from swap_item i where i.swap_id = w.id) = ?
      limit 1`,
    [proposal.fromUserId, proposal.toUserId, proposal.albumId, key],
  );
  if (same) throw new DomainError('CONFLICT', IDENTICAL_PROPOSAL_MESSAGE(proposal.toNickname));
}
