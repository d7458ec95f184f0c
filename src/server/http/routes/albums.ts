import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the albums area (src/rpc/albums.ts). */
export const albumsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/albums',
    procedure: 'albums.list',
    summary: "Gli album, nell'ordine dell'amministratore",
  },
  { method: 'POST', path: '/api/albums', procedure: 'albums.create', summary: 'Nuovo album (admin)' },
  {
    method: 'PUT',
    path: '/api/albums/:id',
    procedure: 'albums.update',
    summary: "Modifica un album: nome, limite per l'ordine, prezzo per figurina in centesimi (admin)",
  },
  {
    method: 'DELETE',
    path: '/api/albums/:id',
    procedure: 'albums.delete',
    summary: 'Elimina un album con le sue figurine e le raccolte (admin)',
  },
  {
    method: 'PUT',
    path: '/api/admin/albums/reorder',
    procedure: 'albums.reorder',
    summary: "Nuovo ordine degli album (admin): l'elenco completo",
  },
];
