import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PushRefusal, type SubscriptionKeys } from './push-crypto.ts';
import { type PushMessage, readBody, readPushMessage } from './push-request.ts';

/** What a browser's `PushSubscription.toJSON()` gives, the shape the app stores and web-push takes. */
export type PushSubscriptionJson = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
};

export type PushRejection = { endpoint: string; status: number; reason: string };

type Answer = { status: number; headers?: Record<string, string>; text?: string };
type ProgrammedAnswer = { status: number; remaining: number; retryAfterSeconds: number | undefined };

/**
 * A real Web Push service on 127.0.0.1 for the tests. The test makes browser-side subscriptions
 * (`newSubscription()`), the app sends to their endpoints exactly as to Google, Mozilla or Apple
 * (VAPID, RFC 8291 aes128gcm), and the service checks and decrypts each message as a browser would.
 * Refused requests land in `rejections`; the test can also program failures (`respondWith`, `hold`).
 */
export async function startPushService() {
  const subscriptions = new Map<string, SubscriptionKeys>();
  const messages: PushMessage[] = [];
  const rejections: PushRejection[] = [];
  const requestCounts = new Map<string, number>();
  const programmed = new Map<string, ProgrammedAnswer>();
  const holding = new Set<string>();
  const held: { endpoint: string; response: http.ServerResponse; answer: Answer }[] = [];
  const listeners = new Set<() => void>();
  let expectedVapidKey: string | undefined;

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return;
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  const origin = `http://${host}`;

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = await readBody(request);
    const endpoint = `${origin}${request.url ?? ''}`;
    requestCounts.set(endpoint, (requestCounts.get(endpoint) ?? 0) + 1);
    const answer = answerTo(request, endpoint, body);
    if (holding.has(endpoint)) held.push({ endpoint, response, answer });
    else send(response, answer);
  }

  function answerTo(request: http.IncomingMessage, endpoint: string, body: Buffer | 'too large'): Answer {
    const keys = subscriptions.get(endpoint);
    // A real service answers so for an endpoint it does not know (any more): the subscription is gone.
    if (!keys) return { status: 404, text: 'gone' };
    if (request.method !== 'POST') return { status: 405, headers: { Allow: 'POST' } };
    try {
      const vapidKey = expectedVapidKey;
      const message = readPushMessage(request, body, { endpoint, keys, audience: origin, vapidKey });
      const answer = programmedAnswer(endpoint) ?? {
        status: 201,
        headers: { Location: `${origin}/message/${crypto.randomUUID()}` },
      };
      if (answer.status < 300) {
        messages.push(message);
        for (const listener of listeners) listener();
      }
      return answer;
    } catch (error) {
      if (!(error instanceof PushRefusal)) throw error;
      rejections.push({ endpoint, status: error.status, reason: error.message });
      return { status: error.status, text: error.message };
    }
  }

  function programmedAnswer(endpoint: string): Answer | undefined {
    const next = programmed.get(endpoint);
    if (!next) return undefined;
    next.remaining -= 1;
    if (next.remaining <= 0) programmed.delete(endpoint);
    const retryAfter = next.retryAfterSeconds;
    return {
      status: next.status,
      headers: retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) },
    };
  }

  function send(response: http.ServerResponse, answer: Answer) {
    if (response.destroyed) return;
    response.writeHead(answer.status, answer.headers).end(answer.text);
  }

  const matching = (filter: string | ((message: PushMessage) => boolean)) =>
    messages.filter(
      typeof filter === 'string' ? (message) => message.subscriptionEndpoint === filter : filter,
    );

  return {
    origin,
    host,
    /** Every accepted message, oldest first. */
    messages,
    /** Every refused request with why; a test of a working sender expects none. */
    rejections,
    /** A browser-side subscription, as `PushSubscription.toJSON()` gives it; its keys stay here. */
    newSubscription(): PushSubscriptionJson {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `${origin}/push/${crypto.randomBytes(16).toString('base64url')}`;
      subscriptions.set(endpoint, { ecdh, auth });
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
      return { endpoint, expirationTime: null, keys };
    },
    messagesFor: (endpoint: string) => matching(endpoint),
    /** Requests to `endpoint` so far, refused and held ones included. */
    requestCount: (endpoint: string) => requestCounts.get(endpoint) ?? 0,
    /** Refuses messages whose `k` is another key (403), as a subscription made for one server would. */
    expectVapidPublicKey(key: string | undefined) {
      expectedVapidKey = key;
    },
    /**
     * Answers the next `times` valid requests to `endpoint` with `status` (410 gone, 429, 500…)
     * instead of 201; only 2xx answers record the message. Invalid requests are still refused first.
     */
    respondWith(
      endpoint: string,
      status: number,
      times = Number.POSITIVE_INFINITY,
      retryAfterSeconds?: number,
    ) {
      programmed.set(endpoint, { status, remaining: times, retryAfterSeconds });
    },
    /** Keeps back the answers to `endpoint` (messages are still checked and recorded) until release(). */
    hold(endpoint: string) {
      holding.add(endpoint);
    },
    /** Sends the answers held for `endpoint` (or for all) and stops holding. */
    release(endpoint?: string) {
      for (const one of [...held]) {
        if (endpoint !== undefined && one.endpoint !== endpoint) continue;
        held.splice(held.indexOf(one), 1);
        send(one.response, one.answer);
      }
      if (endpoint === undefined) holding.clear();
      else holding.delete(endpoint);
    },
    /** The first `count` messages for an endpoint (or matching a predicate) once they have arrived. */
    waitForMessages(
      filter: string | ((message: PushMessage) => boolean),
      count = 1,
      timeoutMs = 10_000,
    ): Promise<PushMessage[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = matching(filter);
          if (found.length < count) return;
          cleanUp();
          resolve(found.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanUp();
          const what = typeof filter === 'string' ? filter : 'the predicate';
          const refused = rejections.map((one) => `${one.status} ${one.reason}`).join('; ') || 'none';
          const got = matching(filter).length;
          reject(
            new Error(
              `${count} push message(s) for ${what} did not arrive in ${timeoutMs} ms (got ${got}; refused: ${refused})`,
            ),
          );
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    /** Stops the service; held requests are cut off, as by a service that went away. */
    close() {
      held.length = 0;
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestPushService = Awaited<ReturnType<typeof startPushService>>;
