import { randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';

/**
 * OWASP's device cookie: proof that this browser has logged in to an account before, so failures from
 * elsewhere do not lock it out (see docs/decisions/009-login-throttle-and-device-cookies.md).
 */
export const DEVICE_COOKIE = 'sf_device';
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 24 * 60 * 60;

type DeviceClaim = { userId: number; nonce: string };

/** A new cookie for `userId`: its random nonce names this browser's own failure counter. */
export function sealDeviceCookie(secret: string, userId: number): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  return sealData({ userId, nonce } satisfies DeviceClaim, {
    password: secret,
    ttl: DEVICE_COOKIE_TTL_SECONDS,
  });
}

/** The nonce of a genuine, unexpired cookie issued for `userId`; undefined for any other cookie. */
export async function deviceNonceFor(
  secret: string,
  cookie: string | undefined,
  userId: number | undefined,
): Promise<string | undefined> {
  if (!cookie || userId === undefined) return undefined;
  const claim = await unsealData<Partial<DeviceClaim>>(cookie, {
    password: secret,
    ttl: DEVICE_COOKIE_TTL_SECONDS,
  }).catch(() => ({}) as Partial<DeviceClaim>);
  return claim.userId === userId && typeof claim.nonce === 'string' ? claim.nonce : undefined;
}
