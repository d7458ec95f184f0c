import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the auth area (src/rpc/auth.ts). */
export const authRoutes: RestRoute[] = [
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
    method: 'POST',
    path: '/api/auth/verify-email',
    procedure: 'auth.verifyEmail',
    summary: "Conferma dell'indirizzo e-mail (il token del link)",
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/request',
    procedure: 'auth.requestPasswordReset',
    summary: 'Password dimenticata: link per e-mail (stessa risposta per ogni nickname o indirizzo)',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    procedure: 'auth.confirmPasswordReset',
    summary: "Nuova password con il link ({token}) o il codice dell'amministratore ({nickname, code})",
  },
];
