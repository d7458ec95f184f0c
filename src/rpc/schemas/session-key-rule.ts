/** A session's public name: the base64url SHA-256 of its id, 43 characters. */
export const SESSION_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * sessionKeySchema's rule (auth.ts) without zod, for the logouts the client keeps on the device, which
 * every first screen reads (zod would be a fifth of the first download).
 */
export function isSessionKey(value: unknown): value is string {
  return typeof value === 'string' && SESSION_KEY_PATTERN.test(value);
}
