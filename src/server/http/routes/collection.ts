import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the collection area (src/rpc/collection.ts). */
export const collectionRoutes: RestRoute[] = [
  {
    method: 'GET',
    // One path template for both calls (OpenAPI cannot tell `{albumId}` from `{stickerId}` apart).
    path: '/api/user/stickers/:id',
    pathFields: { id: 'albumId' },
    procedure: 'collection.list',
    summary: "Le figurine possedute e doppie di un album (id: l'album)",
  },
  {
    method: 'PUT',
    path: '/api/user/stickers/:id',
    pathFields: { id: 'stickerId' },
    procedure: 'collection.setStatus',
    summary: 'Stato di una figurina (no, yes, double; id: la figurina)',
  },
  {
    method: 'POST',
    path: '/api/user/stickers/bulk',
    procedure: 'collection.setStatusInBulk',
    summary: 'Inserimento rapido: uno stato per molte figurine',
  },
  {
    method: 'GET',
    path: '/api/user/summary',
    procedure: 'collection.summary',
    summary: 'Contatori della Home',
  },
  {
    method: 'GET',
    path: '/api/user/albums/:albumId/order-list',
    procedure: 'collection.orderList',
    summary: "Ordina le ultime: le mancanti da ordinare, extra escluse, entro il limite dell'album",
  },
  {
    method: 'GET',
    path: '/api/user/albums/:albumId/completed-swaps',
    procedure: 'collection.completedSwaps',
    summary: 'Album completato: quanti scambi completati ho fatto in un album (online e dal vivo)',
  },
  {
    method: 'GET',
    path: '/api/user/albums/:albumId/in-regalo',
    procedure: 'collection.inRegalo',
    summary: "In regalo: se i miei doppioni di un album sono in regalo per chi li cerca in 'Le mie ultime'",
  },
  {
    method: 'PUT',
    path: '/api/user/albums/:albumId/in-regalo',
    procedure: 'collection.setInRegalo',
    summary:
      "Metti in regalo i doppioni di un album completato (inRegalo: true; 400 se l'album non è completo, extra esclusi) o toglili dal regalo (false)",
  },
];
