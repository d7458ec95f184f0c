import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the alerts area (src/rpc/alerts.ts); the e-mails' one-click unsubscribe is alert-unsubscribe-route.ts. */
export const alertsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/push/public-key',
    procedure: 'alerts.publicKey',
    summary: 'La chiave pubblica VAPID con cui il browser si iscrive alle notifiche push',
  },
  {
    method: 'POST',
    path: '/api/user/push-subscriptions',
    procedure: 'alerts.subscribe',
    summary:
      'Iscrive questo dispositivo alle notifiche push (il PushSubscription del browser; idempotente per endpoint)',
  },
  {
    method: 'DELETE',
    path: '/api/user/push-subscriptions',
    procedure: 'alerts.unsubscribe',
    summary: 'Toglie le notifiche push a un dispositivo ({ endpoint })',
  },
  {
    method: 'GET',
    path: '/api/user/notifications',
    procedure: 'alerts.settings',
    summary: 'Le mie notifiche: per ogni tipo, push ed e-mail',
  },
  {
    method: 'PUT',
    path: '/api/user/notifications',
    procedure: 'alerts.setSettings',
    summary: 'Cambia le notifiche di alcuni tipi (push, e-mail)',
  },
];
