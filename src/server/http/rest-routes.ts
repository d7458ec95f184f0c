import type { AppRouter } from '../../rpc/router.ts';

export type ProcedurePath = {
  [Area in keyof AppRouter['_def']['record']]: `${Area & string}.${keyof AppRouter['_def']['record'][Area] & string}`;
}[keyof AppRouter['_def']['record']];

export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The spec's path, with `:name` for path parameters. */
  path: string;
  procedure: ProcedurePath;
  summary: string;
  /** The OpenAPI operationId, when one procedure serves two paths (default: the procedure's name). */
  operationId?: string;
  /** Path parameters whose input field has another name (`{ id: 'albumId' }`). */
  pathFields?: Record<string, string>;
  /** The HTTP status of a success when it is not 200 (201 for a call that creates). */
  successStatus?: 201;
};

export const operationIdOf = (route: RestRoute) => route.operationId ?? route.procedure;
export const inputFieldOf = (route: RestRoute, pathParameter: string) =>
  route.pathFields?.[pathParameter] ?? pathParameter;

/**
 * The REST API of the spec, one line per call: every route runs the tRPC procedure named here with the
 * path parameters, the query string and the JSON body merged into one input object. Body limits are the
 * procedure's (body-limits.ts), the same as over tRPC.
 */
export const restRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/auth/me',
    procedure: 'auth.me',
    summary: "L'utente che ha effettuato l'accesso",
  },
  { method: 'POST', path: '/api/auth/register', procedure: 'auth.register', summary: 'Registrazione' },
  { method: 'POST', path: '/api/auth/login', procedure: 'auth.login', summary: 'Accesso' },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout', summary: 'Uscita' },
  {
    method: 'PUT',
    path: '/api/user/profile',
    procedure: 'users.updateProfile',
    summary: 'Modifica del profilo',
  },
  {
    method: 'PUT',
    path: '/api/user/change-password',
    procedure: 'users.changePassword',
    summary: 'Cambio password',
  },
  {
    method: 'GET',
    path: '/api/albums',
    procedure: 'albums.list',
    summary: "Gli album, nell'ordine dell'amministratore",
  },
  {
    method: 'GET',
    path: '/api/albums/:albumId/stickers',
    procedure: 'stickers.list',
    summary: 'Le figurine di un album, in ordine di numero',
  },
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
  { method: 'POST', path: '/api/albums', procedure: 'albums.create', summary: 'Nuovo album (admin)' },
  {
    method: 'PUT',
    path: '/api/albums/:id',
    procedure: 'albums.rename',
    summary: 'Rinomina un album (admin)',
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
    summary: 'Modifica nome o descrizione di una figurina (admin)',
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
  {
    method: 'GET',
    path: '/api/admin/stats',
    procedure: 'admin.stats',
    summary: 'Statistiche della dashboard',
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    procedure: 'users.list',
    summary: 'Utenti (ricerca: ?search=)',
  },
  {
    method: 'GET',
    path: '/api/admin/users/counts',
    procedure: 'users.counts',
    summary: 'Utenti totali, attivi e disattivati',
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id/toggle-status',
    procedure: 'users.toggleStatus',
    summary: 'Attiva o disattiva un utente (is_active)',
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id/premium',
    procedure: 'users.setPremium',
    summary: 'Concede o toglie il premium (isPremium)',
  },
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
  {
    method: 'PUT',
    path: '/api/user/radius',
    procedure: 'users.setRadius',
    summary: 'Raggio di ricerca dei match (raggioKm)',
  },
  {
    method: 'GET',
    path: '/api/matches/potential',
    procedure: 'matches.potential',
    summary: 'Collezionisti vicini con doppie che mi mancano (?albumId=&radiusKm=)',
  },
  {
    method: 'GET',
    path: '/api/matches/potential/:userId/exchanges',
    procedure: 'matches.exchanges',
    summary: 'Tutto ciò che posso dare e ricevere con un collezionista trovato (?albumId=)',
  },
  {
    method: 'GET',
    path: '/api/matches',
    procedure: 'matches.list',
    summary: 'I miei match, dal più recente',
  },
  {
    method: 'POST',
    path: '/api/matches',
    procedure: 'matches.create',
    summary: 'Crea (o ritrova) il match con user2Id',
  },
  {
    method: 'GET',
    path: '/api/matches/:matchId',
    procedure: 'matches.get',
    summary: "Un match: l'altro partecipante e se è online",
  },
  {
    method: 'GET',
    path: '/api/matches/:matchId/messages',
    procedure: 'chat.messages',
    summary: 'I messaggi del match, dal più vecchio (?after= per i soli nuovi)',
  },
  {
    method: 'POST',
    path: '/api/matches/:matchId/messages',
    procedure: 'chat.send',
    summary: 'Invia un messaggio (content, 1–1000 caratteri)',
  },
  {
    method: 'PUT',
    path: '/api/matches/:matchId/read',
    procedure: 'chat.markRead',
    summary: 'Segna come letti i messaggi del match',
  },
  {
    method: 'POST',
    path: '/api/swaps',
    procedure: 'swaps.propose',
    successStatus: 201,
    summary: 'Proponi uno scambio (toUserId, albumId, give e receive: numeri delle figurine, 1–50 per parte)',
  },
  {
    method: 'GET',
    path: '/api/swaps',
    procedure: 'swaps.list',
    summary: 'I miei scambi, in entrambe le direzioni, dal più recente (?status=&withUserId=)',
  },
  {
    method: 'GET',
    path: '/api/swaps/waiting',
    procedure: 'swaps.waiting',
    summary: 'Quanti scambi aspettano una mia risposta o conferma',
  },
  {
    method: 'GET',
    path: '/api/swaps/options/:userId',
    procedure: 'swaps.options',
    summary: 'Le figurine che posso dare e ricevere ora con un collezionista (?albumId=)',
  },
  {
    method: 'GET',
    path: '/api/swaps/:id',
    procedure: 'swaps.get',
    summary: 'Uno scambio (solo per i partecipanti)',
  },
  {
    method: 'POST',
    path: '/api/swaps/:id/accept',
    procedure: 'swaps.accept',
    summary: 'Accetta una proposta: le figurine di entrambi restano riservate',
  },
  {
    method: 'POST',
    path: '/api/swaps/:id/decline',
    procedure: 'swaps.decline',
    summary: 'Rifiuta una proposta',
  },
  {
    method: 'POST',
    path: '/api/swaps/:id/cancel',
    procedure: 'swaps.cancel',
    summary: 'Annulla uno scambio (proposto: chi propone; accettato: entrambi)',
  },
  {
    method: 'POST',
    path: '/api/swaps/:id/confirm',
    procedure: 'swaps.confirm',
    summary: 'Conferma di aver ricevuto le figurine; alla seconda conferma gli album si aggiornano',
  },
  {
    method: 'POST',
    path: '/api/swaps/:id/rating',
    procedure: 'swaps.rate',
    summary: "Valuta l'altro partecipante di uno scambio completato (stars 1–5, comment)",
  },
  {
    method: 'GET',
    path: '/api/users/:id/reputation',
    pathFields: { id: 'userId' },
    procedure: 'swaps.reputation',
    summary: 'Voto medio, numero di voti e scambi completati di un collezionista',
  },
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
