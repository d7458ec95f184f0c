import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the settings area (src/rpc/settings.ts). */
export const settingsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/settings',
    procedure: 'settings.get',
    summary: 'Impostazioni di sistema',
  },
  {
    method: 'PUT',
    path: '/api/admin/settings',
    procedure: 'settings.save',
    summary: 'Salva le impostazioni',
  },
  {
    method: 'POST',
    path: '/api/admin/maintenance/run',
    procedure: 'settings.runMaintenance',
    summary: 'Esegue subito la pulizia dei dati',
  },
];
