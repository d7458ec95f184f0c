import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../domain-error.ts';

/** SQL: the `user_block` rows between two collectors, whoever blocked (a row either way makes the pair blocked). */
const eitherWay = (a: string, b: string) =>
  `(blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})`;

/**
 * SQL: true when either of two collectors (SQL expressions: columns, or `?`, bound where they appear: a,
 * b, b, a) blocked the other. For statements that look at many pairs at once; `blockBetween` for one pair.
 */
export const blockedEitherWaySql = (a: string, b: string) =>
  `exists (select 1 from user_block where ${eitherWay(a, b)})`;

/** SQL: true when `blocker` blocked `blocked` (SQL expressions, bound in that order), whatever the other did. */
export const blockedBySql = (blocker: string, blocked: string) =>
  `exists (select 1 from user_block where blocker_id = ${blocker} and blocked_id = ${blocked})`;

/** SQL: the ids of everyone who blocked a collector or whom they blocked (`userId`: an SQL expression). */
export const blockedEitherWayIdsSql = (userId: string) =>
  `select blocked_id from user_block where blocker_id = ${userId}
   union select blocker_id from user_block where blocked_id = ${userId}`;

/** Who blocked whom between me and another collector: `mine` wins when both did. */
export type BlockSide = 'mine' | 'theirs';

export async function blockBetween(
  em: EntityManager,
  meId: number,
  otherId: number,
): Promise<BlockSide | null> {
  const rows = await em.execute<{ blocker_id: number }[]>(
    `select blocker_id from user_block where ${eitherWay('?', '?')}`,
    [meId, otherId, otherId, meId],
  );
  if (rows.some((row) => row.blocker_id === meId)) return 'mine';
  return rows.length > 0 ? 'theirs' : null;
}

/**
 * Refuses (403) what a blocked pair may not do, saying to each what they can do about it: the one who
 * blocked can unblock, the one blocked only learns that they cannot.
 */
export async function refuseBlockedPair(
  em: EntityManager,
  meId: number,
  otherId: number,
  messages: Record<BlockSide, string>,
) {
  const side = await blockBetween(em, meId, otherId);
  if (side) throw new DomainError('FORBIDDEN', messages[side]);
}

/** What a blocked pair hears when they try to write to each other (chat, its stream). */
export const BLOCKED_WRITE_MESSAGES: Record<BlockSide, string> = {
  mine: 'Hai bloccato questo collezionista: togli il blocco per scrivere',
  theirs: 'Non puoi scrivere a questo collezionista',
};

/** …and to contact each other (a new match, a swap proposal). */
export const BLOCKED_CONTACT_MESSAGES: Record<BlockSide, string> = {
  mine: 'Hai bloccato questo collezionista: togli il blocco per metterti in contatto',
  theirs: 'Non puoi contattare questo collezionista',
};
