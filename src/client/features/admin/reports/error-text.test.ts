import { expect, test } from 'vitest';
import { prettyErrorDetails, translateErrorText } from './error-text.ts';

test("the browsers' connection failures all read 'Connessione al server non riuscita'", () => {
  for (const raw of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
    expect(translateErrorText(raw)).toBe('Connessione al server non riuscita');
  }
});

test('a known text inside a longer description is translated in place', () => {
  expect(translateErrorText('Errore Query: albums.list – Failed to fetch')).toBe(
    'Errore Query: albums.list – Connessione al server non riuscita',
  );
  expect(translateErrorText('Connessione non riuscita: GET /trpc/auth.me (Load failed)')).toBe(
    'Connessione non riuscita: GET /trpc/auth.me (Connessione al server non riuscita)',
  );
});

test('script and property errors', () => {
  expect(translateErrorText('Script error.')).toBe('Errore di script (dettagli non disponibili)');
  expect(translateErrorText("Cannot read properties of undefined (reading 'name')")).toBe(
    "Lettura di una proprietà di un valore non definito ('name')",
  );
  expect(translateErrorText('Cannot read properties of undefined')).toBe(
    'Lettura di una proprietà di un valore non definito',
  );
  expect(translateErrorText("Cannot read properties of null (reading 'id')")).toBe(
    "Lettura di una proprietà di un valore nullo ('id')",
  );
  expect(translateErrorText('ResizeObserver loop completed with undelivered notifications.')).toBe(
    'Ciclo di ridimensionamento interrotto dal browser (ResizeObserver), di solito innocuo',
  );
  expect(translateErrorText('user.save is not a function')).toBe('user.save non è una funzione');
  expect(translateErrorText('foo is not defined')).toBe('foo non è definito');
});

test('anything else is left exactly as written', () => {
  expect(translateErrorText('La chat non si apre')).toBe('La chat non si apre');
  expect(translateErrorText('<img src=x onerror="window.__x=1">')).toBe('<img src=x onerror="window.__x=1">');
});

test('JSON details are indented; other text is kept', () => {
  expect(prettyErrorDetails('{"status":500,"method":"GET"}')).toBe(
    '{\n  "status": 500,\n  "method": "GET"\n}',
  );
  expect(prettyErrorDetails('"solo testo"')).toBe('solo testo');
  expect(prettyErrorDetails('non è JSON {')).toBe('non è JSON {');
});
