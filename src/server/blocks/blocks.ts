import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';

export const BLOCK_SELF_MESSAGE = 'Non puoi bloccare te stesso';
export const BLOCK_USER_NOT_FOUND_MESSAGE = 'Utente non trovato';
/** More than anybody blocks: the list is bounded like every list the API gives. */
export const BLOCKS_LISTED_MAX = 500;

function refuseSelf(meId: number, otherId: number) {
  if (otherId === meId) throw new DomainError('BAD_REQUEST', BLOCK_SELF_MESSAGE);
}

/**
 * Calls off a pair's open swaps: the swaps' rule (`cancelOpenSwapsBetween`), handed to `blockUser` by its
 * caller, because swaps read blocks and so blocks import nothing of theirs.
 */
type CallOffSwapsBetween = (tx: EntityManager, meId: number, otherId: number) => Promise<unknown>;

/**
 * I block an active collector (again: nothing changes), and in the same transaction our open swaps are
 * called off, freeing what they reserved. What a block stops is checked where it happens: messages
 * (chat), matches, swap proposals and the match search.
 */
export async function blockUser(
  em: EntityManager,
  meId: number,
  otherId: number,
  callOffSwapsBetween: CallOffSwapsBetween,
) {
  refuseSelf(meId, otherId);
  const other = await em.findOne(User, { id: otherId, isActive: true });
  if (!other) throw new DomainError('NOT_FOUND', BLOCK_USER_NOT_FOUND_MESSAGE);
  await em.transactional(async (tx) => {
    await tx.execute('insert into user_block (blocker_id, blocked_id) values (?, ?) on conflict do nothing', [
      meId,
      otherId,
    ]);
    await callOffSwapsBetween(tx, meId, otherId);
  });
  return { ok: true } as const;
}

/** Lifts my block (none: nothing changes); a collector deactivated since can be unblocked too. */
export async function unblockUser(em: EntityManager, meId: number, otherId: number) {
  refuseSelf(meId, otherId);
  const other = await em.findOne(User, { id: otherId });
  if (!other) throw new DomainError('NOT_FOUND', BLOCK_USER_NOT_FOUND_MESSAGE);
  await em.execute(`delete from user_block where blocker_id = ? and blocked_id = ?`, [meId, otherId]);
  return { ok: true } as const;
}

export async function listBlocks(em: EntityManager, meId: number) {
  const rows = await em.execute<{ id: number; nickname: string; created_at: Date }[]>(
    `select u.id, u.nickname, b.created_at
       from user_block b join app_user u on u.id = b.blocked_id
      where b.blocker_id = ?
      order by b.created_at desc, u.id desc
      limit ?`,
    [meId, BLOCKS_LISTED_MAX],
  );
  return rows.map((row) => ({
    id: row.id,
    nickname: row.nickname,
    blockedAt: new Date(row.created_at).toISOString(),
  }));
}
