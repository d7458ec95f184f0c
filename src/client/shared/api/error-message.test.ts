import { TRPCClientError } from '@trpc/client';
import { expect, test } from 'vitest';
import { errorMessage, httpStatus } from './error-message.ts';

const fromServer = (message: string, status: number) =>
  TRPCClientError.from({ error: { message, code: -32603, data: { httpStatus: status } } });

test("an error the server shaped shows the server's Italian message", () => {
  const error = fromServer('Figurina non trovata', 404);
  expect(errorMessage(error, "Errore nell'aggiornamento")).toBe('Figurina non trovata');
  expect(httpStatus(error)).toBe(404);
});

test('a failed connection says so, whatever the action', () => {
  const error = TRPCClientError.from(new TypeError('Failed to fetch'));
  expect(errorMessage(error, "Errore nell'aggiornamento")).toBe(
    'Connessione assente: controlla la rete e riprova',
  );
});

test("an answer that is not the server's (a proxy's HTML page) falls back to the action's own text", () => {
  const error = TRPCClientError.from(new SyntaxError(`Unexpected token '<', "<html>" is not valid JSON`));
  expect(errorMessage(error, "Errore nell'aggiornamento")).toBe("Errore nell'aggiornamento");
  expect(httpStatus(error)).toBeUndefined();
});

test('anything that is not a tRPC error falls back too', () => {
  expect(errorMessage(new Error('boom'), 'Si è verificato un errore')).toBe('Si è verificato un errore');
  expect(errorMessage(undefined, 'Si è verificato un errore')).toBe('Si è verificato un errore');
});
