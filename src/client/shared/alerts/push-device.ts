import type { CreateTRPCClient } from '@trpc/client';
import type { AppRouter } from '../../../rpc/router.ts';
import { pushSubscriptionInput } from '../../../rpc/schemas/alerts.ts';
import { errorMessage } from '../api/error-message.ts';
import { isPushOffHere, notificationPermission, setPushOffHere } from './push-support.ts';

/** The app's tRPC client (`trpc.useUtils().client`). */
export type AppClient = CreateTRPCClient<AppRouter>;

/** How long a tap waits for the service worker (it installs a few seconds after the first screen). */
const WORKER_WAIT_MS = 15_000;
/** How long a tap waits for the browser's push service: without a network it may never answer. */
const SUBSCRIBE_WAIT_MS = 20_000;

/** A step of turning notifications on failed: `message` is for the collector. */
export class PushSetupError extends Error {}

function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushSetupError(message)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

const workerRegistration = (wait: boolean) =>
  wait
    ? within(
        navigator.serviceWorker.ready,
        WORKER_WAIT_MS,
        "L'app non è ancora pronta a ricevere notifiche: riprova tra qualche secondo",
      )
    : navigator.serviceWorker.ready;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.byteLength) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, index) => byte === expected[index]);
}

/**
 * This device's subscription, made with the server's key: the one the browser has, or a new one when it has
 * none or has one made for another key (the server's keys changed).
 */
async function deviceSubscription(client: AppClient, waitForWorker: boolean): Promise<PushSubscription> {
  const registration = await workerRegistration(waitForWorker);
  const key = keyBytes((await client.alerts.publicKey.query()).publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  try {
    return await within(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      SUBSCRIBE_WAIT_MS,
      'Il servizio di notifiche del browser non risponde: riprova più tardi',
    );
  } catch (error) {
    if (error instanceof PushSetupError) throw error;
    // Chromium in incognito, a browser without its push service, a refusal made elsewhere.
    throw new PushSetupError(
      'Il browser non è riuscito a iscriversi al servizio di notifiche: riprova più tardi, o da un altro browser',
    );
  }
}

async function sendToServer(client: AppClient, subscription: PushSubscription) {
  try {
    await client.alerts.subscribe.mutate(pushSubscriptionInput.parse(subscription.toJSON()));
  } catch (error) {
    throw new PushSetupError(errorMessage(error, 'Impossibile attivare le notifiche: riprova più tardi'));
  }
}

/** Turns this device's notifications on for `userId`, after the collector's tap has got the permission. */
export async function subscribeThisDevice(client: AppClient, userId: number): Promise<void> {
  await sendToServer(client, await deviceSubscription(client, true));
  setPushOffHere(userId, false);
}

/** Turns them off: the server forgets this device, the browser its subscription, and the refresh leaves it off. */
export async function unsubscribeThisDevice(client: AppClient, userId: number): Promise<void> {
  const registration = await workerRegistration(true);
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    try {
      await client.alerts.unsubscribe.mutate({ endpoint: subscription.endpoint });
    } catch (error) {
      throw new PushSetupError(
        errorMessage(error, 'Impossibile disattivare le notifiche: riprova più tardi'),
      );
    }
    await subscription.unsubscribe().catch(() => undefined);
  }
  setPushOffHere(userId, true);
}

/** Whether this device gets notifications now: allowed, subscribed, not turned off by this collector. */
export async function isThisDeviceSubscribed(userId: number): Promise<boolean> {
  if (notificationPermission() !== 'granted' || isPushOffHere(userId)) return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return Boolean(await registration?.pushManager.getSubscription());
}

/**
 * On every open, for a collector whose browser allows notifications: the subscription posted again (browsers
 * renew them; the server may have dropped it, at a logout for one), made anew if it is missing. Silent: a
 * failure waits for the next open.
 */
export async function refreshThisDevice(client: AppClient, userId: number): Promise<void> {
  if (notificationPermission() !== 'granted' || isPushOffHere(userId)) return;
  await sendToServer(client, await deviceSubscription(client, false));
}

/** The collector's words for why turning notifications on failed. */
export const pushErrorText = (error: unknown) =>
  error instanceof PushSetupError ? error.message : 'Impossibile attivare le notifiche: riprova più tardi';
