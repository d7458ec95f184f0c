import crypto from 'node:crypto';
import { z } from 'zod';

/** Why the push service refused a request, with the status a real one answers (RFC 8030, RFC 8292). */
export class PushRefusal extends Error {
  readonly status: number;
  constructor(status: number, reason: string) {
    super(reason);
    this.status = status;
  }
}

export type VapidClaims = { aud: string; exp: number; sub: string };

// RFC 8292 §2: the token must not be valid for more than 24 hours.
const MAX_EXP_AHEAD_SECONDS = 24 * 60 * 60;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const jwtHeader = z.object({ alg: z.string() });
const jwtClaims = z.object({ aud: z.string(), exp: z.number().int(), sub: z.string() });

function fromBase64url(text: string, what: string): Buffer {
  if (!BASE64URL.test(text)) throw new PushRefusal(401, `${what} is not base64url without padding`);
  return Buffer.from(text, 'base64url');
}

function jsonPart<T>(text: string, schema: z.ZodType<T>, what: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64url(text, what).toString('utf8'));
  } catch (error) {
    if (error instanceof PushRefusal) throw error;
    throw new PushRefusal(401, `the JWT ${what} is not JSON`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw new PushRefusal(401, `the JWT ${what} is malformed: ${result.error.message}`);
  return result.data;
}

/** A raw 65-byte P-256 point, as VAPID's `k` carries it, made into a key node:crypto verifies with. */
function p256PublicKey(k: string): crypto.KeyObject {
  const raw = fromBase64url(k, 'k');
  if (raw.length !== 65 || raw[0] !== 0x04) {
    throw new PushRefusal(401, 'k is not an uncompressed P-256 public key (65 bytes)');
  }
  const [x, y] = [raw.subarray(1, 33), raw.subarray(33)].map((half) => half.toString('base64url'));
  try {
    return crypto.createPublicKey({ format: 'jwk', key: { kty: 'EC', crv: 'P-256', x, y } });
  } catch {
    throw new PushRefusal(401, 'k is not a point on P-256');
  }
}

function parseAuthorization(header: string | undefined): { token: string; key: string } {
  if (!header) throw new PushRefusal(401, 'no Authorization header');
  const match = /^vapid\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw new PushRefusal(401, `Authorization is not "vapid t=<jwt>, k=<key>": ${header}`);
  const params = new Map(
    match[1].split(',').map((param) => {
      const at = param.indexOf('=');
      return [param.slice(0, at).trim().toLowerCase(), param.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new PushRefusal(401, 'Authorization lacks t= or k=');
  return { token, key };
}

/**
 * Checks `Authorization: vapid t=<jwt>, k=<key>` as RFC 8292 asks: an ES256 JWT signed by `k`, for this
 * push service's origin, expiring within 24 hours, with a contact the push service could write to.
 */
export function verifyVapid(
  authorization: string | undefined,
  audience: string,
  nowSeconds = Date.now() / 1000,
): { claims: VapidClaims; publicKey: string } {
  const { token, key } = parseAuthorization(authorization);
  const parts = token.split('.');
  const [encodedHeader, encodedClaims, encodedSignature] = parts;
  if (parts.length !== 3 || !encodedHeader || !encodedClaims || !encodedSignature) {
    throw new PushRefusal(401, 'the JWT has not three parts');
  }
  const { alg } = jsonPart(encodedHeader, jwtHeader, 'header');
  if (alg !== 'ES256') throw new PushRefusal(401, `the JWT is signed with ${alg}, not ES256`);
  // ES256 signatures are r||s (64 bytes, RFC 7518 §3.4), not the DER node:crypto uses by default.
  const signature = fromBase64url(encodedSignature, 'the JWT signature');
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  const verifier = { key: p256PublicKey(key), dsaEncoding: 'ieee-p1363' } as const;
  if (signature.length !== 64 || !crypto.verify('sha256', signed, verifier, signature)) {
    throw new PushRefusal(401, 'the JWT signature is not valid for k');
  }
  const claims = jsonPart(encodedClaims, jwtClaims, 'claims');
  if (claims.aud !== audience) throw new PushRefusal(401, `aud is ${claims.aud}, not ${audience}`);
  if (claims.exp <= nowSeconds) throw new PushRefusal(401, `exp ${claims.exp} has passed`);
  if (claims.exp > nowSeconds + MAX_EXP_AHEAD_SECONDS) {
    throw new PushRefusal(401, `exp ${claims.exp} is more than 24 hours ahead`);
  }
  if (!/^(mailto|https):/.test(claims.sub))
    throw new PushRefusal(401, `sub ${claims.sub} is not mailto: or https:`);
  return { claims, publicKey: key };
}

export type SubscriptionKeys = { ecdh: crypto.ECDH; auth: Buffer };

const TAG_BYTES = 16;
const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, bytes: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, bytes));

/**
 * The plaintext of a push message body, decrypted as the browser would: keys from RFC 8291 §3.4, one
 * aes128gcm record (RFC 8188) whose header names the application server's ephemeral key.
 */
export function decryptPushMessage(body: Buffer, keys: SubscriptionKeys): Buffer {
  // Header: salt (16) | rs (4) | idlen (1) | keyid (idlen).
  if (body.length < 21) throw new PushRefusal(400, 'the body is shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const senderKey = body.subarray(21, 21 + (body[20] ?? 0));
  const record = body.subarray(21 + senderKey.length);
  if (body[20] !== 65 || senderKey.length !== 65) {
    throw new PushRefusal(400, 'keyid is not the sender’s 65-byte public key');
  }
  if (recordSize < TAG_BYTES + 2) throw new PushRefusal(400, `rs ${recordSize} is below 18`);
  if (record.length > recordSize)
    throw new PushRefusal(400, 'the body has more than the one record RFC 8291 allows');
  if (record.length < TAG_BYTES + 1) throw new PushRefusal(400, 'the record is too short');

  let sharedSecret: Buffer;
  try {
    sharedSecret = keys.ecdh.computeSecret(senderKey);
  } catch {
    throw new PushRefusal(400, 'keyid is not a P-256 point');
  }
  const keyInfo = Buffer.concat([KEY_INFO, keys.ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(sharedSecret, keys.auth, keyInfo, 32);
  const decipher = crypto.createDecipheriv(
    'aes-128-gcm',
    hkdf(ikm, salt, CEK_INFO, 16),
    hkdf(ikm, salt, NONCE_INFO, 12),
  );
  decipher.setAuthTag(record.subarray(-TAG_BYTES));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, -TAG_BYTES)), decipher.final()]);
  } catch {
    throw new PushRefusal(400, 'the body does not decrypt with this subscription’s keys');
  }
  // The last (here: only) record ends with 0x02 and any number of zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new PushRefusal(400, 'the record lacks the 0x02 padding delimiter');
  return padded.subarray(0, end);
}
