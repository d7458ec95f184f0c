import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the Punti Scambio area (src/rpc/swap-points.ts). */
export const swapPointsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/punti-scambio',
    procedure: 'swapPoints.near',
    summary:
      'I Punti Scambio verificati vicino a me, i più vicini prima (?radiusKm=; ?withUserId= vicino a entrambi)',
  },
  {
    method: 'GET',
    path: '/api/punti-scambio/:id',
    procedure: 'swapPoints.get',
    summary: 'Un Punto Scambio: indirizzo, distanza e orari di apertura',
  },
  {
    method: 'POST',
    path: '/api/punti-scambio',
    procedure: 'swapPoints.suggest',
    summary:
      'Suggerisci un luogo pubblico come Punto Scambio (proposto finché un amministratore non lo verifica)',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/api/admin/punti-scambio',
    procedure: 'swapPoints.adminList',
    summary: 'Tutti i Punti Scambio, i proposti prima (?state=proposto|verificato|chiuso)',
  },
  {
    method: 'POST',
    path: '/api/admin/punti-scambio',
    procedure: 'swapPoints.create',
    summary: 'Aggiungi un Punto Scambio (verificato, salvo un altro stato)',
    successStatus: 201,
  },
  {
    method: 'PUT',
    path: '/api/admin/punti-scambio/:id',
    procedure: 'swapPoints.update',
    summary: 'Modifica un Punto Scambio, il suo stato compreso (verifica un proposto, chiudi)',
  },
];
