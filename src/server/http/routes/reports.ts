import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the reports area (src/rpc/reports.ts). */
export const reportsRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/reports/error',
    procedure: 'reports.error',
    summary: "Segnalazione automatica di un errore dell'app (pubblica; 30 al minuto per IP)",
  },
  { method: 'POST', path: '/api/reports', procedure: 'reports.create', summary: 'Segnala un problema' },
  {
    method: 'POST',
    path: '/api/users/:id/report',
    pathFields: { id: 'userId' },
    procedure: 'reports.reportUser',
    summary: "Segnala un collezionista all'amministratore (reason: il motivo)",
  },
  {
    method: 'POST',
    path: '/api/messages/:id/report',
    procedure: 'reports.reportMessage',
    summary:
      'Segnala un messaggio di una mia chat ({category: molestie, adulto_minore, contatti_personali, truffa, verso_minore, spam o altro, text?}); il messaggio resta come prova',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/api/user/reports',
    procedure: 'reports.mine',
    summary: 'Le mie segnalazioni di collezionisti e il loro esito (in_esame, risolto, sospeso)',
  },
  {
    method: 'GET',
    path: '/api/admin/reports/:id/evidence',
    procedure: 'reports.evidence',
    summary: 'Gli ultimi messaggi tra chi segnala e il segnalato, e le altre segnalazioni su di lui',
  },
  {
    method: 'GET',
    path: '/api/admin/reports',
    procedure: 'reports.list',
    summary: 'Segnalazioni filtrate e paginate (?status=&priority=&type=&page=&limit=)',
  },
  {
    method: 'PUT',
    path: '/api/admin/reports/bulk-status',
    procedure: 'reports.bulkStatus',
    summary: 'Cambia lo stato di più segnalazioni (reportIds, status)',
  },
  {
    method: 'DELETE',
    path: '/api/admin/reports/bulk',
    procedure: 'reports.bulkDelete',
    summary: 'Elimina più segnalazioni (reportIds)',
  },
  {
    method: 'PUT',
    path: '/api/admin/reports/:id',
    procedure: 'reports.update',
    summary: 'Cambia stato o priorità di una segnalazione',
  },
];
