import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the stickers area (src/rpc/stickers.ts). */
export const stickersRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/albums/:albumId/stickers',
    procedure: 'stickers.list',
    summary: "Le figurine di un album, nell'ordine dell'album stampato",
  },
  {
    method: 'PUT',
    path: '/api/albums/:albumId/stickers/order',
    procedure: 'stickers.reorder',
    summary: "Nuovo ordine delle figurine di un album (admin): l'elenco completo",
  },
  {
    method: 'POST',
    path: '/api/albums/:albumId/stickers/bulk',
    procedure: 'stickers.import',
    operationId: 'stickers.importBulk',
    summary: 'Importa figurine: i numeri esistenti cambiano nome, i nuovi si aggiungono (admin)',
  },
  {
    method: 'POST',
    path: '/api/albums/:albumId/stickers',
    procedure: 'stickers.import',
    summary: 'Aggiunge figurine (admin; come /bulk)',
  },
  {
    method: 'PUT',
    path: '/api/albums/:albumId/stickers/:stickerId',
    procedure: 'stickers.update',
    summary: 'Modifica nome, descrizione, tipo o sezione di una figurina (admin)',
  },
  {
    method: 'PUT',
    path: '/api/albums/:albumId/stickers',
    procedure: 'stickers.classify',
    summary: 'Assegna tipo e/o sezione a più figurine di un album, tutte o nessuna (admin)',
  },
  {
    method: 'DELETE',
    path: '/api/albums/:albumId/stickers/:stickerId',
    procedure: 'stickers.delete',
    summary: 'Elimina una figurina (admin)',
  },
  {
    method: 'DELETE',
    path: '/api/albums/:albumId/stickers',
    procedure: 'stickers.clear',
    summary: "Svuota l'album: tutte le figurine e i segni dei collezionisti (admin)",
  },
];
