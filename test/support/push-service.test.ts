import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import webpush, { type PushSubscription, type RequestDetails, type RequestOptions } from 'web-push';
import { startPushService, type TestPushService } from './push-service.ts';

const vapidKeys = webpush.generateVAPIDKeys();
const otherKeys = webpush.generateVAPIDKeys();
const subject = 'mailto:notifiche@scambio-figurine.test';
let push: TestPushService;

beforeAll(async () => {
  push = await startPushService();
});
afterAll(() => push.close());

/** The request the app makes: web-push's own, VAPID and aes128gcm. */
function requestFor(subscription: PushSubscription, payload: string | Buffer, options: RequestOptions = {}) {
  return webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject, ...vapidKeys },
    ...options,
  });
}

function send(details: RequestDetails, authorization?: string) {
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name !== 'Content-Length')
      .map(([name, value]) => [name, String(value)]),
  );
  if (authorization) headers.Authorization = authorization;
  const body = details.body ? new Uint8Array(details.body) : null;
  return fetch(details.endpoint, { method: 'POST', headers, body });
}

/** A VAPID header signed here: web-push refuses to sign a bad exp or sub, or with keys that do not match. */
function vapidHeader(claims: object, keys = vapidKeys) {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const raw = Buffer.from(keys.publicKey, 'base64url');
  const [x, y] = [raw.subarray(1, 33), raw.subarray(33)].map((half) => half.toString('base64url'));
  const key = crypto.createPrivateKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x, y, d: keys.privateKey },
  });
  const signature = crypto.sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

const inHours = (hours: number) => Math.floor(Date.now() / 1000) + hours * 3600;

async function expectRefused(response: Response, status: number, reason: RegExp) {
  expect(response.status).toBe(status);
  expect(push.rejections.at(-1)?.reason).toMatch(reason);
  expect(push.messages.some((message) => message.subscriptionEndpoint === response.url)).toBe(false);
}

test('a message sent with web-push arrives decrypted, with its TTL, Urgency, Topic and JWT', async () => {
  const rejectionsBefore = push.rejections.length;
  const subscription = push.newSubscription();
  expect(subscription.endpoint.startsWith(`${push.origin}/push/`)).toBe(true);
  const notification = { title: 'Scambio proposto', body: 'Niccolò è più vicino: città, perché sì €' };
  const response = await send(
    requestFor(subscription, JSON.stringify(notification), { TTL: 3600, urgency: 'high', topic: 'swap-42' }),
  );

  expect(response.status).toBe(201);
  expect(response.headers.get('location')).toMatch(`${push.origin}/message/`);
  const [message] = await push.waitForMessages(subscription.endpoint, 1);
  expect(message?.payload).toBe(JSON.stringify(notification));
  expect(message?.json).toEqual(notification);
  expect(message).toMatchObject({
    ttl: 3600,
    urgency: 'high',
    topic: 'swap-42',
    vapidPublicKey: vapidKeys.publicKey,
  });
  expect(message?.jwt.aud).toBe(push.origin);
  expect(message?.jwt.sub).toBe(subject);
  expect(message?.jwt.exp).toBeGreaterThan(inHours(11));
  expect(push.rejections.slice(rejectionsBefore)).toEqual([]);
});

test('a 3,000-byte payload decrypts byte for byte', async () => {
  const subscription = push.newSubscription();
  const payload = `àèìòù ${crypto.randomBytes(2_400).toString('base64url')}`.slice(0, 2_995);
  expect(Buffer.byteLength(payload)).toBe(3_000);

  expect((await send(requestFor(subscription, payload))).status).toBe(201);
  const [message] = await push.waitForMessages((one) => one.subscriptionEndpoint === subscription.endpoint);
  expect(message?.payload).toBe(payload);
  expect(message?.json).toBeUndefined();
});

test('a JWT this file signs with valid claims is accepted, so the refusals below are for their one bad claim', async () => {
  const subscription = push.newSubscription();
  const authorization = vapidHeader({
    aud: push.origin,
    exp: inHours(1),
    sub: 'https://scambio-figurine.test',
  });
  expect((await send(requestFor(subscription, 'ciao'), authorization)).status).toBe(201);
});

test('a JWT for another push service is refused', async () => {
  const details = requestFor(push.newSubscription(), 'ciao');
  const { Authorization } = webpush.getVapidHeaders(
    'https://fcm.googleapis.com',
    subject,
    vapidKeys.publicKey,
    vapidKeys.privateKey,
    'aes128gcm',
  );
  await expectRefused(await send(details, Authorization), 401, /^aud is https:\/\/fcm/);
});

test('an expired JWT is refused', async () => {
  const details = requestFor(push.newSubscription(), 'ciao');
  const { Authorization } = webpush.getVapidHeaders(
    push.origin,
    subject,
    vapidKeys.publicKey,
    vapidKeys.privateKey,
    'aes128gcm',
    inHours(-1),
  );
  await expectRefused(await send(details, Authorization), 401, /has passed/);
});

test('a JWT valid for more than 24 hours is refused', async () => {
  const details = requestFor(push.newSubscription(), 'ciao');
  const authorization = vapidHeader({ aud: push.origin, exp: inHours(25), sub: subject });
  await expectRefused(await send(details, authorization), 401, /more than 24 hours/);
});

test('a JWT whose subject is neither mailto: nor https: is refused', async () => {
  const details = requestFor(push.newSubscription(), 'ciao');
  const authorization = vapidHeader({
    aud: push.origin,
    exp: inHours(1),
    sub: 'http://scambio-figurine.test',
  });
  await expectRefused(await send(details, authorization), 401, /not mailto: or https:/);
});

test('a JWT signed by another key than k is refused', async () => {
  const details = requestFor(push.newSubscription(), 'ciao');
  const authorization = vapidHeader(
    { aud: push.origin, exp: inHours(1), sub: subject },
    {
      publicKey: vapidKeys.publicKey,
      privateKey: otherKeys.privateKey,
    },
  );
  await expectRefused(await send(details, authorization), 401, /signature is not valid/);
});

test('a request without VAPID is refused', async () => {
  const details = webpush.generateRequestDetails(push.newSubscription(), 'ciao');
  await expectRefused(await send(details), 401, /no Authorization/);
});

test('a body encrypted for another subscription is refused', async () => {
  const target = push.newSubscription();
  const details = { ...requestFor(push.newSubscription(), 'ciao'), endpoint: target.endpoint };
  await expectRefused(await send(details), 400, /does not decrypt/);
});

test('a body damaged on the way is refused', async () => {
  const details = requestFor(push.newSubscription(), 'ciao');
  const inCiphertext = details.body.length - 20;
  details.body.writeUInt8(details.body.readUInt8(inCiphertext) ^ 0xff, inCiphertext);
  await expectRefused(await send(details), 400, /does not decrypt/);
});

test('with an expected VAPID key, messages signed by another application server are refused', async () => {
  const subscription = push.newSubscription();
  push.expectVapidPublicKey(vapidKeys.publicKey);
  try {
    const foreign = requestFor(subscription, 'ciao', { vapidDetails: { subject, ...otherKeys } });
    await expectRefused(await send(foreign), 403, /not the expected VAPID key/);
    expect((await send(requestFor(subscription, 'ciao'))).status).toBe(201);
  } finally {
    push.expectVapidPublicKey(undefined);
  }
});

test('respondWith(410) answers gone for the next request, then the service accepts again', async () => {
  const subscription = push.newSubscription();
  push.respondWith(subscription.endpoint, 410, 1);

  expect((await send(requestFor(subscription, 'primo'))).status).toBe(410);
  expect((await send(requestFor(subscription, 'secondo'))).status).toBe(201);
  expect(push.requestCount(subscription.endpoint)).toBe(2);
  expect(push.messagesFor(subscription.endpoint).map((message) => message.payload)).toEqual(['secondo']);
});

test('respondWith(429) can say when to retry', async () => {
  const subscription = push.newSubscription();
  push.respondWith(subscription.endpoint, 429, undefined, 120);

  for (const _ of [1, 2]) {
    const response = await send(requestFor(subscription, 'ciao'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('120');
  }
  expect(push.messagesFor(subscription.endpoint)).toEqual([]);
});

test('hold() records the message but keeps the answer back until release()', async () => {
  const subscription = push.newSubscription();
  push.hold(subscription.endpoint);
  let answered = false;
  const pending = send(requestFor(subscription, 'in sospeso')).finally(() => {
    answered = true;
  });

  await push.waitForMessages(subscription.endpoint, 1);
  // A whole request to another endpoint comes and goes while the held one waits.
  expect((await send(requestFor(push.newSubscription(), 'ciao'))).status).toBe(201);
  expect(answered).toBe(false);
  push.release();
  expect((await pending).status).toBe(201);
});

test('close() cuts off a held request', async () => {
  const service = await startPushService();
  const subscription = service.newSubscription();
  service.hold(subscription.endpoint);
  const pending = send(requestFor(subscription, 'ciao'));
  await service.waitForMessages(subscription.endpoint, 1);
  await service.close();
  await expect(pending).rejects.toThrow();
});

test('an endpoint nobody subscribed is gone, and an oversized body is refused with 413', async () => {
  const stranger = { ...push.newSubscription(), endpoint: `${push.origin}/push/nessuno` };
  expect((await send(requestFor(stranger, 'ciao'))).status).toBe(404);
  const subscription = push.newSubscription();
  await expectRefused(await send(requestFor(subscription, 'x'.repeat(9_000))), 413, /over 8192 bytes/);
});

test('waitForMessages fails with what arrived after its bound', async () => {
  const subscription = push.newSubscription();
  await expect(push.waitForMessages(subscription.endpoint, 1, 50)).rejects.toThrow(
    `1 push message(s) for ${subscription.endpoint} did not arrive in 50 ms (got 0`,
  );
});
