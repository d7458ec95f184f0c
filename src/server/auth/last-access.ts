import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../db/entities/user.ts';

/** How stale a user's recorded last access may get before a request of theirs writes it again. */
export const LAST_ACCESS_STEP_MINUTES = 5;

function accessIsStale(last: Date | null | undefined, now: Date) {
  return !last || now.getTime() - last.getTime() >= LAST_ACCESS_STEP_MINUTES * 60_000;
}

/**
 * 'Ultimo accesso' in the admin's users list: every start of a session (registration, login) records it,
 * and so does a request through a live session once the record is more than LAST_ACCESS_STEP_MINUTES
 * old. A collector who stays logged in for weeks is still seen, for one small write per five minutes
 * of use rather than one per request.
 */
export async function recordAccess(em: EntityManager, user: User, now = new Date()) {
  if (!accessIsStale(user.lastLoginAt, now)) return;
  user.lastLoginAt = now;
  await em.flush();
}

/**
 * The same for a request that read only the user's id and last access (a sticker tap), which has no
 * entity manager unless it needs one.
 */
export async function recordAccessOf(
  entityManager: () => EntityManager,
  userId: number,
  last: Date | null,
  now = new Date(),
) {
  if (!accessIsStale(last, now)) return;
  await entityManager().nativeUpdate(User, { id: userId }, { lastLoginAt: now });
}
