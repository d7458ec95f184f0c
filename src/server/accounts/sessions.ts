import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../db/entities/session.ts';
import type { User } from '../db/entities/user.ts';

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** A fresh random id at every login, so a session id seen before login is worth nothing after it. */
export async function startSession(em: EntityManager, user: User): Promise<Session> {
  const session = em.create(Session, {
    id: crypto.randomBytes(32).toString('base64url'),
    user,
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  await em.flush();
  return session;
}

export async function findLiveSession(em: EntityManager, sessionId: string, userId: number) {
  return em.findOne(
    Session,
    { id: sessionId, user: { id: userId, isActive: true }, expiresAt: { $gt: new Date() } },
    { populate: ['user'] },
  );
}

export async function endSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeDelete(Session, { id: sessionId });
}

/** Logs a user out everywhere (password change, deactivation), optionally keeping the current browser. */
export async function endUserSessions(
  em: EntityManager,
  userId: number,
  keepSessionId?: string,
): Promise<void> {
  await em.nativeDelete(
    Session,
    keepSessionId ? { user: userId, id: { $ne: keepSessionId } } : { user: userId },
  );
}
