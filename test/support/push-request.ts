import type http from 'node:http';
import {
  decryptPushMessage,
  PushRefusal,
  type SubscriptionKeys,
  type VapidClaims,
  verifyVapid,
} from './push-crypto.ts';

export type PushMessage = {
  subscriptionEndpoint: string;
  payload: string;
  /** The payload parsed, or undefined when it is not JSON. */
  json: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The `k` the message was signed with. */
  vapidPublicKey: string;
  jwt: VapidClaims;
  receivedAt: Date;
};

// Web Push payloads are at most 4096 bytes; twice that leaves room for the encryption's overhead.
export const MAX_BODY_BYTES = 8 * 1024;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** The request's body, or 'too large' (read to its end all the same, so the sender gets the 413). */
export function readBody(request: http.IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : 'too large'));
    request.on('error', reject);
  });
}

/** A header's value; a custom header sent twice comes as an array, and the first one counts. */
function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The message a push request carries, checked as a push service does (RFC 8030 headers, RFC 8292
 * VAPID) and decrypted as the browser would; throws a PushRefusal saying what is wrong.
 */
export function readPushMessage(
  request: http.IncomingMessage,
  body: Buffer | 'too large',
  subscription: { endpoint: string; keys: SubscriptionKeys; audience: string; vapidKey: string | undefined },
): PushMessage {
  if (body === 'too large') throw new PushRefusal(413, `the body is over ${MAX_BODY_BYTES} bytes`);
  const { claims, publicKey } = verifyVapid(request.headers.authorization, subscription.audience);
  if (subscription.vapidKey !== undefined && publicKey !== subscription.vapidKey) {
    throw new PushRefusal(403, `k is ${publicKey}, not the expected VAPID key`);
  }
  const ttl = header(request, 'ttl');
  if (ttl === undefined || !/^\d+$/.test(ttl))
    throw new PushRefusal(400, `TTL is missing or not a number: ${ttl}`);
  const urgency = header(request, 'urgency');
  if (urgency !== undefined && !URGENCIES.includes(urgency)) {
    throw new PushRefusal(400, `Urgency ${urgency} is not one of ${URGENCIES.join(', ')}`);
  }
  const topic = header(request, 'topic');
  if (topic !== undefined && !TOPIC.test(topic)) {
    throw new PushRefusal(400, `Topic ${topic} is not 1 to 32 base64url characters`);
  }
  // A push without a payload (RFC 8030) has no body and no Content-Encoding.
  const encoding = request.headers['content-encoding'];
  if (body.length > 0 && encoding !== 'aes128gcm') {
    throw new PushRefusal(400, `Content-Encoding is ${encoding}, not aes128gcm`);
  }
  const payload = body.length > 0 ? decryptPushMessage(body, subscription.keys).toString('utf8') : '';
  return {
    subscriptionEndpoint: subscription.endpoint,
    payload,
    json: parseJson(payload),
    ttl: Number(ttl),
    urgency,
    topic,
    vapidPublicKey: publicKey,
    jwt: { aud: claims.aud, exp: claims.exp, sub: claims.sub },
    receivedAt: new Date(),
  };
}
