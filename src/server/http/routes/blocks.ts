import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the blocks area (src/rpc/blocks.ts). */
export const blocksRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/users/:id/block',
    pathFields: { id: 'userId' },
    procedure: 'blocks.block',
    summary: 'Blocca un collezionista: niente più messaggi, match né scambi tra voi',
  },
  {
    method: 'DELETE',
    path: '/api/users/:id/block',
    pathFields: { id: 'userId' },
    procedure: 'blocks.unblock',
    summary: 'Sblocca un collezionista',
  },
  {
    method: 'GET',
    path: '/api/user/blocks',
    procedure: 'blocks.list',
    summary: 'I collezionisti che ho bloccato, i più recenti prima',
  },
];
