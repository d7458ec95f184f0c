import type { EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import { Match } from '../db/entities/match.ts';
import { User } from '../db/entities/user.ts';

export const SELF_MATCH_MESSAGE = 'Non puoi creare un match con te stesso';
export const MATCH_USER_NOT_FOUND_MESSAGE = 'Utente non trovato';
export const MATCH_NOT_FOUND_MESSAGE = 'Match non trovato';

const otherOf = (match: Match, meId: number) => (match.userLow.id === meId ? match.userHigh : match.userLow);

function toMatchView(match: Match, meId: number) {
  const other = otherOf(match, meId);
  return {
    id: match.id,
    user2: { id: other.id, nickname: other.nickname, cap: other.cap },
    createdAt: match.createdAt.toISOString(),
  };
}

/** One match per pair: creating it again (from either side, even at the same time) returns the same one. */
export async function createMatch(em: EntityManager, meId: number, otherId: number) {
  if (otherId === meId) throw new TRPCError({ code: 'BAD_REQUEST', message: SELF_MATCH_MESSAGE });
  const other = await em.findOne(User, { id: otherId, isActive: true });
  if (!other) throw new TRPCError({ code: 'NOT_FOUND', message: MATCH_USER_NOT_FOUND_MESSAGE });
  const [low, high] = meId < otherId ? [meId, otherId] : [otherId, meId];
  await em.execute(
    `insert into match (user_low_id, user_high_id, created_at) values (?, ?, now())
     on conflict (user_low_id, user_high_id) do nothing`,
    [low, high],
  );
  const match = await em.findOneOrFail(
    Match,
    { userLow: low, userHigh: high },
    { populate: ['userLow', 'userHigh'] },
  );
  return toMatchView(match, meId);
}

/** My matches, newest first; `user2` is always the other participant. */
export async function listMatches(em: EntityManager, meId: number) {
  const matches = await em.find(
    Match,
    { $or: [{ userLow: meId }, { userHigh: meId }] },
    { populate: ['userLow', 'userHigh'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
  );
  return matches.map((match) => toMatchView(match, meId));
}

/** The match if I take part in it; anybody else learns nothing, not even that it exists. */
export async function findMyMatch(em: EntityManager, matchId: number, meId: number) {
  const match = await em.findOne(
    Match,
    { id: matchId, $or: [{ userLow: meId }, { userHigh: meId }] },
    { populate: ['userLow', 'userHigh'] },
  );
  if (!match) throw new TRPCError({ code: 'NOT_FOUND', message: MATCH_NOT_FOUND_MESSAGE });
  return { match, other: otherOf(match, meId) };
}
