import type { AppRouter } from '../../rpc/router.ts';

type ProcedurePath = {
  [Area in keyof AppRouter['_def']['record']]: `${Area & string}.${keyof AppRouter['_def']['record'][Area] & string}`;
}[keyof AppRouter['_def']['record']];

export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The spec's path, with `:name` for path parameters. */
  path: string;
  procedure: ProcedurePath;
  summary: string;
  /** Bodies larger than this many bytes are refused with 413 (default: the server's limit). */
  bodyLimit?: number;
};

/**
 * The REST API of the spec, one line per call: every route runs the tRPC procedure named here with the
 * path parameters, the query string and the JSON body merged into one input object.
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
    procedure: 'user.updateProfile',
    summary: 'Modifica del profilo',
  },
  {
    method: 'PUT',
    path: '/api/user/change-password',
    procedure: 'user.changePassword',
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
    procedure: 'albums.stickers',
    summary: 'Le figurine di un album, in ordine di numero',
  },
  {
    method: 'GET',
    path: '/api/user/stickers/:albumId',
    procedure: 'collection.stickers',
    summary: 'Le figurine possedute e doppie di un album',
  },
  {
    method: 'PUT',
    path: '/api/user/stickers/:stickerId',
    procedure: 'collection.setStatus',
    summary: 'Stato di una figurina (no, yes, double)',
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
];
