import { sealData, unsealData } from 'iron-session';
import { SESSION_TTL_SECONDS } from './sessions.ts';

export const SESSION_COOKIE = 'sf_session';

type SessionPointer = { sessionId: string; userId: number };

export function sealSessionCookie(secret: string, sessionId: string, userId: number): Promise<string> {
  return sealData({ sessionId, userId } satisfies SessionPointer, {
    password: secret,
    ttl: SESSION_TTL_SECONDS,
  });
}

/** The session a cookie points to, or undefined for a missing, forged or expired cookie. */
export async function unsealSessionCookie(secret: string, cookie: string | undefined) {
  if (!cookie) return undefined;
  const data = await unsealData<Partial<SessionPointer>>(cookie, {
    password: secret,
    ttl: SESSION_TTL_SECONDS,
  }).catch(() => ({}) as Partial<SessionPointer>);
  return typeof data.sessionId === 'string' && typeof data.userId === 'number'
    ? { sessionId: data.sessionId, userId: data.userId }
    : undefined;
}

export function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_SECONDS } as const;
}
