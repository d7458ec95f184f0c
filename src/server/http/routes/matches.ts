import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the matches area (src/rpc/matches.ts). */
export const matchesRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/matches/potential',
    procedure: 'matches.potential',
    summary:
      'Collezionisti vicini con doppie che mi mancano, 50 per pagina (?albumId=&radiusKm=&rank=&cursor=: la pagina dopo una scheda)',
  },
  {
    method: 'GET',
    path: '/api/matches/potential/:userId/exchanges',
    procedure: 'matches.exchanges',
    summary: 'Tutto ciò che posso dare e ricevere con un collezionista trovato (?albumId=)',
  },
  {
    method: 'GET',
    path: '/api/albums/:albumId/nearby-holders',
    procedure: 'matches.nearbyHolders',
    summary:
      "Le mie ultime: per ogni figurina che mi manca, chi ce l'ha vicino entro 50 km (?number= per una sola)",
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
];
