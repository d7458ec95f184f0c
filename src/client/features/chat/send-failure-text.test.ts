import { TRPCClientError } from '@trpc/client';
import { expect, test } from 'vitest';
import { sendFailureText } from './send-failure-text.ts';

/** An error as the client gets it from the API's error response. */
const apiError = (httpStatus: number, message: string) =>
  TRPCClientError.from({ error: { code: -32000, message, data: { httpStatus } } });

test("a refusal shows the server's reason", () => {
  const tooMany = 'Stai inviando troppi messaggi: riprova tra 12 secondi';
  expect(sendFailureText(apiError(429, tooMany))).toBe(tooMany);
  expect(sendFailureText(apiError(409, 'Questo utente non è più attivo'))).toBe(
    'Questo utente non è più attivo',
  );
});

test("a server crash or an answer that is not the API's shows the spec's text", () => {
  expect(sendFailureText(apiError(500, 'Si è verificato un errore interno. Riprova più tardi.'))).toBe(
    "Errore nell'invio del messaggio",
  );
  const garbled = TRPCClientError.from(new SyntaxError('Unexpected token < in JSON'));
  expect(sendFailureText(garbled)).toBe("Errore nell'invio del messaggio");
  expect(sendFailureText(new Error('boom'))).toBe("Errore nell'invio del messaggio");
});

test('a lost connection says so', () => {
  const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
  expect(sendFailureText(offline)).toBe('Connessione assente: controlla la rete e riprova');
});
