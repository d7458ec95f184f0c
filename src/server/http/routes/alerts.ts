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
    summary:
      'Le mie notifiche: per ogni tipo push, e-mail e riepilogo giornaliero (digest); il «Non disturbare» (quietHours)',
  },
  {
    method: 'PUT',
    path: '/api/user/notifications',
    procedure: 'alerts.setSettings',
    summary:
      'Cambia le notifiche di alcuni tipi ({tipo: {push?, email?, digest?}}) e il «Non disturbare» (quietHours: {from: "21:00", to: "08:00"} o null)',
  },
];
