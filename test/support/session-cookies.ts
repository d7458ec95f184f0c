import crypto from 'node:crypto';
import { SESSION_COOKIE, sealSessionCookie } from '../../src/server/auth/session-cookie.ts';
import { sql } from './sql.ts';
import { TEST_ADMIN, TEST_SESSION_SECRET } from './test-server.ts';

/**
 * Logs a user in without the login form or their password, as a login would: a session row and the
 * sealed cookie that points to it (`name=value`), for the test servers' secret. For the tests whose subject
 * is not logging in: no password check, no login throttle, no page load.
 */
export async function sessionCookieFor(server: { databaseUrl: string }, userId: number): Promise<string> {
  const sessionId = crypto.randomBytes(32).toString('base64url');
  await sql(
    server.databaseUrl,
    `insert into user_session (id, user_id, created_at, expires_at, last_used_at, device)
     values ($1, $2, now(), now() + interval '30 days', now(), 'Test')`,
    [sessionId, userId],
  );
  return `${SESSION_COOKIE}=${await sealSessionCookie(TEST_SESSION_SECRET, sessionId, userId)}`;
}

/** A session of the test servers' administrator (TEST_ADMIN), by cookie. */
export async function adminSessionCookie(server: { databaseUrl: string }): Promise<string> {
  const [admin] = await sql<{ id: number }>(
    server.databaseUrl,
    'select id from app_user where nickname = $1',
    [TEST_ADMIN.nickname],
  );
  if (!admin) throw new Error(`no administrator ${TEST_ADMIN.nickname} on this server`);
  return sessionCookieFor(server, admin.id);
}
