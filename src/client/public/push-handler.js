/*
 * The service worker's notifications (issue 33), imported into the generated sw.js by Workbox's
 * `importScripts` (vite.config.ts). A plain script, run as it is: no imports, no build step.
 *
 * A push's payload is the server's `{ title, body, url, tag, badge }` (src/server/alerts/push-sender.ts).
 * Every push shows a notification, a malformed one too: browsers punish a push that shows nothing.
 */

const ICON = '/icons/icon-192.png';
/** A white silhouette on transparent: Android draws the status bar's badge from its alpha alone. */
const BADGE = '/icons/badge-96.png';
const FALLBACK = {
  title: 'Scambio Figurine',
  body: 'Hai novità nei tuoi scambi',
  url: '/',
  tag: 'scambio-figurine',
  badge: undefined,
};
const SUBSCRIPTIONS_PATH = '/api/user/push-subscriptions';

const isText = (value) => typeof value === 'string' && value.trim() !== '';

/** The payload as shown: its fields where they are usable, the generic alert's where not. */
function readAlert(data) {
  let json;
  try {
    json = data ? data.json() : undefined;
  } catch {
    json = undefined;
  }
  if (!json || typeof json !== 'object' || !isText(json.title)) return FALLBACK;
  return {
    title: json.title,
    body: typeof json.body === 'string' ? json.body : '',
    url: typeof json.url === 'string' ? json.url : '/',
    tag: isText(json.tag) ? json.tag : FALLBACK.tag,
    badge: Number.isInteger(json.badge) && json.badge >= 0 ? json.badge : undefined,
  };
}

/** One of the app's own pages: anything else in a payload (another site, `javascript:`…) opens Home. */
function appUrl(url) {
  try {
    const parsed = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    if (parsed.origin === self.location.origin) return parsed.href;
  } catch {
    // falls through to Home
  }
  return new URL('/', self.location.origin).href;
}

/** The number on the app's icon, where the browser has one (Badging API). */
async function showBadge(count) {
  const nav = self.navigator;
  if (count === undefined || !nav || !('setAppBadge' in nav)) return;
  try {
    if (count > 0) await nav.setAppBadge(count);
    else await nav.clearAppBadge();
  } catch {
    // Not allowed here (no installed app, no permission): the notification still shows.
  }
}

self.addEventListener('push', (event) => {
  const alert = readAlert(event.data);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(alert.title, {
        body: alert.body,
        icon: ICON,
        badge: BADGE,
        // One per swap, one per chat: a newer alert replaces the older one, quietly.
        tag: alert.tag,
        renotify: false,
        lang: 'it',
        data: { url: appUrl(alert.url) },
      }),
      showBadge(alert.badge),
    ]),
  );
});

/**
 * The app's window already showing `url`, else the one in front, else any: focused and taken there.
 * Without one (or one this worker does not control, which cannot be navigated), a new window.
 */
async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client =
    windows.find((one) => one.url === url) ??
    windows.find((one) => one.focused) ??
    windows.find((one) => one.visibilityState === 'visible') ??
    windows[0];
  if (!client) return self.clients.openWindow(url);
  // Focus first, while the browser still allows it for this tap; a refusal must not stop the navigation.
  await client.focus().catch(() => undefined);
  if (client.url === url) return client;
  try {
    return await client.navigate(url);
  } catch {
    return self.clients.openWindow(url);
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  event.waitUntil(openApp(appUrl(data?.url)));
});

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

async function serverKey() {
  const response = await fetch('/api/push/public-key', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`public key: ${response.status}`);
  return keyBytes((await response.json()).publicKey);
}

function sendToServer(method, body) {
  return fetch(SUBSCRIPTIONS_PATH, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * The browser renewed or dropped this device's subscription: subscribe again with the server's key and
 * tell the server (the session's cookie says whose it is; logged out, the server refuses and nothing is
 * lost: the next open of the app subscribes again).
 */
async function renewSubscription(event) {
  const old = event.oldSubscription;
  const subscription =
    event.newSubscription ??
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await serverKey(),
    }));
  await sendToServer('POST', subscription.toJSON());
  if (old && old.endpoint !== subscription.endpoint) {
    await sendToServer('DELETE', { endpoint: old.endpoint }).catch(() => undefined);
  }
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event).catch(() => undefined));
});
