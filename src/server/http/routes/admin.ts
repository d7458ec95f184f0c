import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the admin area (src/rpc/admin.ts). */
export const adminRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/stats',
    procedure: 'admin.stats',
    summary: 'Statistiche della dashboard',
  },
];
