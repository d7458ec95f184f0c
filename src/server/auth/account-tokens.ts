import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/** What a single-use secret of an account is for (the `account_token` table, issue 32). */
export type TokenPurpose = 'verify_email' | 'reset_password' | 'reset_code';

/** How long each kind lives: a verification link a day, a reset link an hour, an admin's code a day. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  reset_code: 24 * 60 * 60 * 1000,
};

// An admin's code is read aloud or typed from a screen: no letters that look alike (0/O, 1/I/L).
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

const hashOf = (raw: string) => crypto.createHash('sha256').update(raw.trim().toUpperCase()).digest();

/** A fresh secret for `purpose`: a link's token (43 URL-safe characters) or a 10-character code. */
function freshSecret(purpose: TokenPurpose) {
  if (purpose !== 'reset_code') return crypto.randomBytes(32).toString('base64url').toUpperCase();
  return Array.from(
    crypto.randomBytes(CODE_LENGTH),
    (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length],
  ).join('');
}

/**
 * Issues a secret of `purpose` for the user (for `email`, when it is sent to an address) and answers it
 * raw: only its hash is stored. Earlier unused secrets of the same purpose stop working, so only the
 * newest link or code counts. Run it in the transaction that sends it.
 */
export async function issueToken(
  em: EntityManager,
  options: { userId: number; purpose: TokenPurpose; email?: string | null },
): Promise<string> {
  const raw = freshSecret(options.purpose);
  await em.execute(
    `update account_token set used_at = now() where user_id = ? and purpose = ? and used_at is null`,
    [options.userId, options.purpose],
  );
  await em.execute(
    `insert into account_token (user_id, purpose, token_hash, email, expires_at)
     values (?, ?, ?, ?, now() + make_interval(secs => ?))`,
    [
      options.userId,
      options.purpose,
      hashOf(raw),
      options.email ?? null,
      TOKEN_TTL_MS[options.purpose] / 1000,
    ],
  );
  return raw;
}

/**
 * Uses up a secret: answers whose it was (and the address it was sent to) if it is of `purpose`, unused
 * and not expired, and marks it used in the same statement (two requests with one token: one wins). For
 * a code, `userId` must be its account's. Case and surrounding spaces do not matter.
 */
export async function consumeToken(
  em: EntityManager,
  purpose: TokenPurpose,
  raw: string,
  userId?: number,
): Promise<{ userId: number; email: string | null } | undefined> {
  const [row] = await em.execute<{ user_id: number; email: string | null }[]>(
    `update account_token set used_at = now()
      where token_hash = ? and purpose = ? and used_at is null and expires_at > now()
        and (?::int is null or user_id = ?::int)
      returning user_id, email`,
    [hashOf(raw), purpose, userId ?? null, userId ?? null],
  );
  return row ? { userId: row.user_id, email: row.email } : undefined;
}
