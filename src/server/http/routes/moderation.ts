import type { RestRoute } from '../rest-route.ts';

/** The REST calls of moderation (src/rpc/moderation.ts; decision 053). */
export const moderationRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/admin/reports/:id/decision',
    procedure: 'moderation.decide',
    summary:
      'Decide su una segnalazione ({action: nascondi, limita, sospendi, disattiva, archivia, conferma o revoca, rule, reason, days?}); la motivazione va a chi è colpito',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/api/admin/reports/:id/decisions',
    procedure: 'moderation.ofReport',
    summary:
      "Le decisioni su una segnalazione, l'inoltro alle autorità e il riferimento di un account eliminato",
  },
  {
    method: 'POST',
    path: '/api/admin/reports/:id/forward',
    procedure: 'moderation.forward',
    summary: 'Segna la segnalazione come inoltrata alle autorità (minaccia alla vita o alla sicurezza)',
  },
  {
    method: 'GET',
    path: '/api/admin/reports/:id/export',
    procedure: 'moderation.exportEvidence',
    summary: 'Le prove di una segnalazione inoltrata: messaggi, account, orari, decisioni',
  },
  {
    method: 'POST',
    path: '/api/admin/reports/:id/bar',
    procedure: 'moderation.bar',
    summary: "Impedisce all'e-mail di un account segnalato ed eliminato di registrarsi di nuovo",
  },
  {
    method: 'GET',
    path: '/api/user/decisions',
    procedure: 'moderation.mine',
    summary: 'Le decisioni sul mio account e sui profili dei miei figli, con la motivazione',
  },
  {
    method: 'GET',
    path: '/api/decisions/:id',
    procedure: 'moderation.decision',
    summary: 'Una motivazione (con la sessione di chi è colpito, o ?token= del link nella e-mail)',
  },
  {
    method: 'POST',
    path: '/api/decisions/:id/contest',
    procedure: 'moderation.contest',
    summary: 'Contesta la decisione, una volta sola ({text, token?}): la segnalazione viene riaperta',
  },
];
