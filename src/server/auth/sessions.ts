import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SESSION_END_CHANNEL } from '../chat/message-bus.ts';
import { Session } from '../db/entities/session.ts';
import type { User } from '../db/entities/user.ts';

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * A fresh random id at every login, so a session id seen before login is worth nothing after it. Starting
 * a session (registering included) is an access.
 */
export async function startSession(em: EntityManager, user: User): Promise<Session> {
  user.lastLoginAt = new Date();
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

/**
 * Deletes sessions and, in the same statement, tells every app server whose they were (the notice
 * leaves when the deletion commits): their chat streams check their session at once and end.
 */
async function deleteSessions(em: EntityManager, where: string, params: unknown[]) {
  await em.execute(
    `with ended as (delete from user_session where ${where} returning user_id)
     select pg_notify(?, user_id::text) from (select distinct user_id from ended) users`,
    [...params, SESSION_END_CHANNEL],
  );
}

export async function endSession(em: EntityManager, sessionId: string): Promise<void> {
  await deleteSessions(em, 'id = ?', [sessionId]);
}

/** Logs a user out everywhere (password change, deactivation), optionally keeping the current browser. */
export async function endUserSessions(
  em: EntityManager,
  userId: number,
  keepSessionId?: string,
): Promise<void> {
  if (keepSessionId) await deleteSessions(em, 'user_id = ? and id <> ?', [userId, keepSessionId]);
  else await deleteSessions(em, 'user_id = ?', [userId]);
}
