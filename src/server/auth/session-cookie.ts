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

/**
 * Cookies already unsealed, per secret: unsealing costs about 0.3 ms of CPU (four WebCrypto steps) and a
 * collector's phone sends the same cookie with every tap. An answer depends only on the secret and the
 * cookie, so keeping it is right on every app server; whether the session it points to is still live is
 * asked of the database on every request all the same. Only genuine cookies are kept (a forged one never
 * unseals), each until the expiry sealed in it, the oldest dropped first beyond UNSEALED_KEPT.
 */
const UNSEALED_KEPT = 10_000;
const unsealed = new Map<string, Map<string, SessionPointer & { expiresAt: number }>>();

/** The expiry iron seals into a cookie (`Fe26.2*id*salt*iv*data*expiration*…`), in epoch milliseconds. */
function sealedExpiry(cookie: string): number {
  return Number(cookie.split('*')[5] || Number.NaN);
}

/** The session a cookie points to, or undefined for a missing, forged or expired cookie. */
export async function unsealSessionCookie(secret: string, cookie: string | undefined) {
  if (!cookie) return undefined;
  let kept = unsealed.get(secret);
  const known = kept?.get(cookie);
  if (known && Date.now() < known.expiresAt) return { sessionId: known.sessionId, userId: known.userId };
  const data = await unsealData<Partial<SessionPointer>>(cookie, {
    password: secret,
    ttl: SESSION_TTL_SECONDS,
  }).catch(() => ({}) as Partial<SessionPointer>);
  if (typeof data.sessionId !== 'string' || typeof data.userId !== 'number') return undefined;
  const pointer = { sessionId: data.sessionId, userId: data.userId };
  const expiresAt = sealedExpiry(cookie);
  if (Number.isFinite(expiresAt)) {
    if (!kept) {
      kept = new Map();
      unsealed.set(secret, kept);
    }
    kept.delete(cookie);
    if (kept.size >= UNSEALED_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(cookie, { ...pointer, expiresAt });
  }
  return pointer;
}

export function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_SECONDS } as const;
}
