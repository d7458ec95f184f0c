import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the raduni area (src/rpc/raduni.ts). */
export const raduniRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/raduni',
    procedure: 'raduni.near',
    summary: 'I prossimi raduni vicino a me per i miei album, i più vicini nel tempo prima (?radiusKm=)',
  },
  {
    method: 'POST',
    path: '/api/raduni',
    procedure: 'raduni.create',
    summary: 'Annuncia un raduno in un Punto Scambio verificato (amministratore o organizzatore del luogo)',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/api/raduni/luoghi',
    procedure: 'raduni.places',
    summary:
      'I Punti Scambio verificati in cui posso annunciare un raduno (organizzatore; per un amministratore tutti)',
  },
  { method: 'GET', path: '/api/raduni/:id', procedure: 'raduni.get', summary: 'Un raduno' },
  {
    method: 'POST',
    path: '/api/raduni/:id/partecipa',
    procedure: 'raduni.participate',
    summary: "'Ci vado': ci vado o no, condivido le mie liste, il mio tavolo",
  },
  {
    method: 'POST',
    path: '/api/raduni/:id/annulla',
    procedure: 'raduni.cancel',
    summary: 'Annulla un raduno (amministratore o organizzatore del luogo)',
  },
  {
    method: 'GET',
    path: '/api/raduni/:id/pool',
    procedure: 'raduni.pool',
    summary:
      "'Preparati': chi al raduno ha le mie mancanti e cosa gli servirebbe delle mie doppie (dalle 48 ore prima alla fine; 410 dopo)",
  },
  {
    method: 'POST',
    path: '/api/raduni/:id/check-in',
    procedure: 'raduni.checkIn',
    summary: "Check-in con il QR del Punto Scambio ({token, at}: l'ora della scansione, anche inviato dopo)",
  },
  {
    method: 'GET',
    path: '/api/raduni/:id/piu-cercate',
    procedure: 'raduni.mostWanted',
    summary:
      "'Le più cercate qui': le 30 figurine più cercate e più offerte da chi condivide (solo i conteggi)",
  },
  {
    method: 'GET',
    path: '/api/raduni/:id/scambi',
    procedure: 'raduni.swaps',
    summary: "'Com'è andata?': i miei scambi registrati al raduno",
  },
  {
    method: 'PUT',
    path: '/api/admin/punti-scambio/:id/organizzatori/:userId',
    procedure: 'raduni.addOrganiser',
    summary: 'Verifica un collezionista come organizzatore dei raduni di un Punto Scambio',
  },
  {
    method: 'DELETE',
    path: '/api/admin/punti-scambio/:id/organizzatori/:userId',
    procedure: 'raduni.removeOrganiser',
    summary: 'Toglie un organizzatore a un Punto Scambio',
  },
];
