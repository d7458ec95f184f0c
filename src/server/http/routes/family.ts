import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the family area (src/rpc/family.ts). */
export const familyRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/user/children',
    procedure: 'family.children',
    summary: 'I profili dei miei figli',
  },
  {
    method: 'POST',
    path: '/api/user/children',
    procedure: 'family.addChild',
    summary:
      'Aggiungi il profilo di un figlio minorenne (e-mail verificata, dichiarazione di responsabilità genitoriale, al massimo 6)',
    successStatus: 201,
  },
  {
    method: 'DELETE',
    path: '/api/user/children/:id',
    procedure: 'family.deleteChild',
    summary: 'Elimina il profilo di un figlio, con i suoi dati',
  },
  {
    method: 'POST',
    path: '/api/auth/profile',
    procedure: 'family.switchProfile',
    summary: 'Usa il profilo di un figlio (o torna al tuo, con il tuo id) su questa sessione',
  },
];
