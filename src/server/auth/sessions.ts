import crypto from 'node:crypto';
import type { EntityDictionary, EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../db/entities/session.ts';
import { User } from '../db/entities/user.ts';
import { notifySessionEndSql } from '../db-events/session-end-channel.ts';
import { deviceName, UNKNOWN_DEVICE } from './device-name.ts';

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Live sessions one collector may have (phones, computers, the admin's browsers): a new one ends the oldest. */
export const SESSIONS_KEPT = 20;

/**
 * A fresh random id at every login, so a session id seen before login is worth nothing after it. Starting
 * a session (registering included) is an access. Each new session ends the user's oldest beyond
 * SESSIONS_KEPT: however often a password is used, its sessions do not pile up.
 */
export async function startSession(em: EntityManager, user: User, userAgent?: string): Promise<Session> {
  const now = new Date();
  user.lastLoginAt = now;
  const session = em.create(Session, {
    id: crypto.randomBytes(32).toString('base64url'),
    user,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    lastUsedAt: now,
    device: deviceName(userAgent),
  });
  await em.flush();
  await deleteSessions(
    em,
    `user_id = ? and id in (select id from user_session where user_id = ?
       order by created_at desc, id desc offset ?)`,
    [user.id, user.id, SESSIONS_KEPT],
  );
  return session;
}

/** The user's columns a request loads with its session (all but the lazy ones: the password hash). */
let userColumns: string | undefined;
function userColumnList(em: EntityManager) {
  userColumns ??= em
    .getMetadata()
    .get(User)
    .props.filter((prop) => prop.kind === 'scalar' && !prop.lazy)
    .flatMap((prop) => prop.fieldNames)
    .map((column) => `u.${em.getPlatform().quoteIdentifier(column)}`)
    .join(', ');
  return userColumns;
}

/** Who a session acts as: its child profile, else its own user (the tap's statement says the same). */
const PROFILE_OF_SESSION = 'coalesce(s.profile_id, s.user_id)';

/** The adult a session acting as a child profile belongs to (issue 45, row 2). */
export type ProfileParent = { id: number; nickname: string };

/**
 * The live session a cookie points to, with its user (active), or null. Every request asks it, so it is
 * one hand-written statement mapped to the entity: the ORM's own query takes about 1 ms of CPU to build.
 * A parent's session acting as a child profile (`profile_id`) answers with the child as its user, and the
 * parent, who must be active too. With `profileId`, only while the session acts as that profile (a chat
 * stream of one profile ends when the session switches); without, whoever it acts as now (the cookie's
 * profile may be stale: a child profile deleted on another device leaves its sessions to the parent).
 */
export async function findLiveSession(
  em: EntityManager,
  sessionId: string,
  profileId?: number,
): Promise<{ id: string; user: User; parent: ProfileParent | null; lastUsedAt: Date | null } | null> {
  const [row] = await em.execute<
    (EntityDictionary<User> & {
      session_last_used_at?: Date | string | null;
      session_profile_id?: number | null;
      session_owner_id?: number;
      session_owner_nickname?: string;
    })[]
  >(
    `select ${userColumnList(em)}, s.last_used_at as session_last_used_at,
            s.profile_id as session_profile_id, o.id as session_owner_id, o.nickname as session_owner_nickname
      from user_session s join app_user o on o.id = s.user_id and o.is_active
      join app_user u on u.id = ${PROFILE_OF_SESSION}
      where s.id = ? and s.expires_at > ? and u.is_active and (s.profile_id is null or u.parent_id = s.user_id)
        ${profileId === undefined ? '' : `and ${PROFILE_OF_SESSION} = ?`}`,
    profileId === undefined ? [sessionId, new Date()] : [sessionId, new Date(), profileId],
  );
  if (!row) return null;
  const {
    session_last_used_at: lastUsedAt,
    session_profile_id: actingAs,
    session_owner_id: ownerId,
    session_owner_nickname: ownerNickname,
    ...userRow
  } = row;
  return {
    id: sessionId,
    user: em.map(User, userRow as EntityDictionary<User>),
    parent: actingAs != null ? { id: Number(ownerId), nickname: String(ownerNickname) } : null,
    lastUsedAt: lastUsedAt ? new Date(lastUsedAt) : null,
  };
}

/**
 * Switches a session to act as `profileId` (a child profile of the session's user) or back to the user
 * (`null`). The caller has checked the profile is theirs.
 */
export async function switchSessionProfile(em: EntityManager, sessionId: string, profileId: number | null) {
  await em.execute('update user_session set profile_id = ? where id = ?', [profileId, sessionId]);
}

/** Sessions acting as a child profile act as its parent again (the profile is being deleted). */
export async function leaveProfile(em: EntityManager, profileId: number) {
  await em.execute('update user_session set profile_id = null where profile_id = ?', [profileId]);
}

/** How stale a session's recorded last use may get before a request through it writes it again. */
export const SESSION_USE_STEP_MINUTES = 5;

/**
 * 'Ultimo utilizzo' in Profilo's 'Dispositivi': like the user's last access (last-access.ts), one small
 * write per SESSION_USE_STEP_MINUTES of use, not one per request.
 */
export async function recordSessionUse(
  em: EntityManager,
  session: { id: string; lastUsedAt: Date | null },
  now = new Date(),
): Promise<void> {
  if (
    session.lastUsedAt &&
    now.getTime() - session.lastUsedAt.getTime() < SESSION_USE_STEP_MINUTES * 60_000
  ) {
    return;
  }
  await em.execute('update user_session set last_used_at = ? where id = ?', [now, session.id]);
}

export type DeviceSession = {
  key: string;
  device: string;
  startedAt: string;
  lastUsedAt: string;
  current: boolean;
};

/**
 * The user's live sessions, newest use first, each named by its public key (sessionKeyOf), never by its
 * id: the id is the credential.
 */
export async function listUserSessions(
  em: EntityManager,
  userId: number,
  currentSessionId: string,
): Promise<DeviceSession[]> {
  const rows = await em.execute<
    { id: string; device: string | null; created_at: Date; last_used_at: Date | null }[]
  >(
    `select id, device, created_at, last_used_at from user_session
      where user_id = ? and expires_at > ?
      order by coalesce(last_used_at, created_at) desc, created_at desc`,
    [userId, new Date()],
  );
  return rows.map((row) => ({
    key: sessionKeyOf(row.id),
    device: row.device ?? UNKNOWN_DEVICE,
    startedAt: new Date(row.created_at).toISOString(),
    lastUsedAt: new Date(row.last_used_at ?? row.created_at).toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Deletes sessions and, in the same statement, tells every app server whose they were (the notice
 * leaves when the deletion commits): their chat streams check their session at once and end.
 */
async function deleteSessions(em: EntityManager, where: string, params: unknown[]) {
  await em.execute(
    `with ended as (delete from user_session where ${where} returning user_id)
     select ${notifySessionEndSql('user_id')} from (select distinct user_id from ended) users`,
    params,
  );
}

export async function endSession(em: EntityManager, sessionId: string): Promise<void> {
  await deleteSessions(em, 'id = ?', [sessionId]);
}

/**
 * A session's public name, given to its own browser: a logout made offline sends it later, so it ends
 * that session and no newer one. Not a credential: the id cannot be recovered from it.
 */
export function sessionKeyOf(sessionId: string): string {
  return crypto.createHash('sha256').update(sessionId).digest('base64url');
}

/** Ends the user's session with this key, if it is still live (the user's few sessions are hashed here). */
export async function endSessionByKey(em: EntityManager, userId: number, sessionKey: string): Promise<void> {
  // A parent's session acting as a child profile is named by the profile's id, as the client knew it.
  const sessions = await em.execute<{ id: string }[]>(
    'select id from user_session where ? in (user_id, profile_id)',
    [userId],
  );
  const ended = sessions.find((session) => sessionKeyOf(session.id) === sessionKey);
  if (ended) await endSession(em, ended.id);
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
