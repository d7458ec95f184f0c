import crypto from 'node:crypto';

const keyOf = (secret: string) => crypto.createHmac('sha256', secret).update('moderation: decision').digest();

/** The statement's link (its e-mail): opens that decision, and only it, without a session. */
export const decisionToken = (secret: string, decisionId: number) =>
  crypto.createHmac('sha256', keyOf(secret)).update(String(decisionId)).digest('base64url').slice(0, 32);

export function isDecisionToken(secret: string, decisionId: number, token: string): boolean {
  const expected = Buffer.from(decisionToken(secret, decisionId));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
