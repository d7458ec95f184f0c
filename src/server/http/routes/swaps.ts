import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the swaps area (src/rpc/swaps.ts). */
export const swapsRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/swaps',
    procedure: 'swaps.propose',
    successStatus: 201,
    summary:
      'Proponi uno scambio (toUserId, albumId, give e receive: numeri delle figurine, 1–50 per parte; al massimo 3 in attesa per collezionista e 30 al giorno; puntoScambioId, slotStart e slotEnd: dove e quando incontrarsi, obbligatori tra un adulto e un minorenne)',
  },
  {
    method: 'GET',
    path: '/api/swaps',
    procedure: 'swaps.list',
    summary:
      'I miei scambi, in entrambe le direzioni, dal più recente: tutti quelli in corso e gli ultimi 100 conclusi (?status=&withUserId=)',
  },
  {
    method: 'POST',
    path: '/api/swaps/in-person',
    procedure: 'swaps.recordInPerson',
    summary:
      "Registra uno scambio dal vivo (key, albumId, otherNickname, role 'picker' o 'shower', at in secondi, gives e receives: id delle figurine); lo stesso key da entrambi i telefoni dà un solo scambio, e non cambia gli album",
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
    path: '/api/swaps/promises/:albumId',
    procedure: 'swaps.promises',
    summary: 'Le mie doppie promesse da scambi accettati in un album, con lo scambio e il destinatario',
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
    summary:
      'Annulla uno scambio (proposto: chi propone; accettato: entrambi, finché nessuno ha confermato di aver ricevuto); reason facoltativo, scritto nella chat della coppia',
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
    summary:
      "Valuta l'altro partecipante di uno scambio completato, o non completato se avevi confermato (stars 1–5, comment)",
  },
  {
    method: 'GET',
    path: '/api/users/:id/reputation',
    pathFields: { id: 'userId' },
    procedure: 'swaps.reputation',
    summary:
      'Voto medio (l’ultimo voto di ciascun collezionista), quanti collezionisti lo hanno votato e scambi completati',
  },
];
