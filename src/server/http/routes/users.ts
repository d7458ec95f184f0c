import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the users area (src/rpc/users.ts). */
export const usersRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/cap/:cap/comuni',
    procedure: 'users.capComuni',
    summary: 'I comuni tra cui scegliere per un CAP (condiviso o non in elenco)',
  },
  {
    method: 'PUT',
    path: '/api/user/profile',
    procedure: 'users.updateProfile',
    summary: 'Modifica del profilo',
  },
  {
    method: 'PUT',
    path: '/api/user/email',
    procedure: 'users.setEmail',
    summary: "Imposta (o, vuota, toglie) l'e-mail; va confermata con il link inviato",
  },
  {
    method: 'PUT',
    path: '/api/user/change-password',
    procedure: 'users.changePassword',
    summary: 'Cambio password',
  },
  {
    method: 'GET',
    path: '/api/user/sessions',
    procedure: 'users.sessions',
    summary: 'I miei dispositivi: le sessioni aperte (questa segnata)',
  },
  {
    method: 'POST',
    path: '/api/user/sessions/logout-others',
    procedure: 'users.logoutOtherSessions',
    summary: 'Esci da tutti gli altri dispositivi',
  },
  {
    method: 'GET',
    path: '/api/contatti',
    procedure: 'users.contacts',
    summary: 'Chi gestisce il servizio e i punti di contatto per gli utenti, le autorità e la privacy',
  },
  {
    method: 'POST',
    path: '/api/user/terms',
    procedure: 'users.acceptTerms',
    summary: "'Ho letto': i Termini aggiornati, nella versione mostrata ({version})",
  },
  {
    method: 'GET',
    path: '/api/privacy',
    procedure: 'users.privacyInfo',
    summary: "Il contatto del titolare per l'informativa privacy (PRIVACY_CONTACT)",
  },
  {
    method: 'DELETE',
    path: '/api/user',
    procedure: 'users.deleteAccount',
    summary: 'Elimina il mio account (con la password)',
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
    method: 'DELETE',
    path: '/api/admin/users/:id/minor-contact-suspension',
    procedure: 'users.liftMinorContactSuspension',
    summary: "Dopo l'esame delle segnalazioni 'adulto_minore': l'adulto può di nuovo contattare i minorenni",
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:id/birth-date',
    procedure: 'users.correctBirthDate',
    summary:
      'Correggi il mese e l’anno di nascita di un utente (birthYear, birthMonth, reason): resta nel registro',
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id/birth-date-corrections',
    procedure: 'users.birthDateCorrections',
    summary: 'Il registro delle correzioni della data di nascita di un utente, dalla più recente',
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id/premium',
    procedure: 'users.setPremium',
    summary: 'Concede o toglie il premium (isPremium)',
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/reset-code',
    procedure: 'users.issueResetCode',
    summary: 'Codice di ripristino della password (una volta, 24 ore), mostrato una sola volta',
  },
  {
    method: 'PUT',
    path: '/api/user/radius',
    procedure: 'users.setRadius',
    summary: 'Raggio di ricerca dei match (raggioKm)',
  },
  {
    method: 'PUT',
    path: '/api/user/mix-kinds',
    procedure: 'users.setMixKinds',
    summary: 'Scambia anche speciali con normali nei match (mixSpecialKinds)',
  },
  {
    method: 'POST',
    path: '/api/user/age-band-seen',
    procedure: 'users.ageBandSeen',
    summary: "Ho letto l'avviso del cambio di fascia d'età (il compleanno): non si mostra più",
  },
  {
    method: 'PUT',
    path: '/api/user/presence',
    procedure: 'users.setPresence',
    summary: 'Mostra o nasconde la mia presenza (showPresence)',
  },
];
