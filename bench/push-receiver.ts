/**
 * The push service of `npm run bench:push`, in a worker thread: test/support/push-service.ts (VAPID
 * checked, payloads decrypted, as a browser's push service and the browser would) on an event loop of its
 * own, so that receiving never delays the server's, and its CPU is counted apart. Every few milliseconds
 * it posts the tag and arrival time of the messages it accepted since the last post.
 */
import { parentPort } from 'node:worker_threads';
import {
  type PushRejection,
  type PushSubscriptionJson,
  startPushService,
} from '../test/support/push-service.ts';

export type ReceiverRequest =
  | { type: 'subscribe'; count: number }
  | { type: 'expectVapidKey'; key: string }
  | { type: 'usage' }
  | { type: 'close' };

/** One accepted message: its notification's tag and when the service had it decrypted (epoch ms). */
export type Arrival = { tag: string; at: number };

/** The thread's CPU time so far, what it accepted and what it refused (a working sender has none). */
export type ReceiverUsage = { cpuMs: number; received: number; rejections: PushRejection[] };

export type ReceiverMessage =
  | { type: 'ready'; host: string }
  | { type: 'subscriptions'; subscriptions: PushSubscriptionJson[] }
  | { type: 'arrivals'; arrivals: Arrival[] }
  | ({ type: 'usage' } & ReceiverUsage)
  | { type: 'closed' };

const FORWARD_EVERY_MS = 2;

const port = parentPort;
if (!port) throw new Error('bench/push-receiver.ts runs as a worker thread');
const post = (message: ReceiverMessage) => port.postMessage(message);

const service = await startPushService();
let forwarded = 0;
const forward = setInterval(() => {
  if (service.messages.length === forwarded) return;
  const fresh = service.messages.slice(forwarded);
  forwarded = service.messages.length;
  post({
    type: 'arrivals',
    arrivals: fresh.map((message) => ({
      tag: String((message.json as { tag?: unknown } | undefined)?.tag),
      at: message.receivedAt.getTime(),
    })),
  });
}, FORWARD_EVERY_MS);

port.on('message', async (request: ReceiverRequest) => {
  switch (request.type) {
    case 'subscribe': {
      const subscriptions = Array.from({ length: request.count }, () => service.newSubscription());
      post({ type: 'subscriptions', subscriptions });
      return;
    }
    case 'expectVapidKey':
      service.expectVapidPublicKey(request.key);
      return;
    case 'usage': {
      const { user, system } = process.threadCpuUsage();
      const cpuMs = (user + system) / 1000;
      post({ type: 'usage', cpuMs, received: service.messages.length, rejections: service.rejections });
      return;
    }
    case 'close':
      clearInterval(forward);
      await service.close();
      post({ type: 'closed' });
      port.close();
  }
});
post({ type: 'ready', host: service.host });
