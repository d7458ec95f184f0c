import type { RestRoute } from '../rest-route.ts';

/** The REST calls of the chat area (src/rpc/chat.ts). */
export const chatRoutes: RestRoute[] = [
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
    method: 'GET',
    path: '/api/chat/phrases',
    procedure: 'chat.phrases',
    summary: 'Le frasi pronte, le sole che un adulto e un minorenne possono scriversi',
  },
  {
    method: 'PUT',
    path: '/api/matches/:matchId/read',
    procedure: 'chat.markRead',
    summary: 'Segna come letti i messaggi del match',
  },
];
