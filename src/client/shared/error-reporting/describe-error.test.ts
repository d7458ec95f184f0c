import { TRPCClientError } from '@trpc/client';
import { expect, test } from 'vitest';
import { callFailureReport, procedureOf, rejectionReport, scriptErrorReport } from './describe-error.ts';

const fromServer = (message: string, status: number) =>
  TRPCClientError.from({ error: { message, code: -32603, data: { httpStatus: status } } });

test('an uncaught error is a js_error with its message, place and stack', () => {
  const error = new Error('Boom di prova');
  const report = scriptErrorReport({
    message: 'Uncaught Error: Boom di prova',
    filename: 'http://localhost/assets/index.js',
    lineno: 12,
    colno: 5,
    error,
  });
  expect(report).toMatchObject({
    type: 'js_error',
    description: 'Boom di prova',
    errorDetails: { name: 'Error', source: 'http://localhost/assets/index.js', line: 12, column: 5 },
  });
  expect(report.errorDetails?.stack).toBe(error.stack);
});

test("a cross-origin 'Script error.' has only its message", () => {
  const report = scriptErrorReport({
    message: 'Script error.',
    filename: '',
    lineno: 0,
    colno: 0,
    error: null,
  });
  expect(report.description).toBe('Script error.');
});

test('an unhandled rejection is an api_error, whatever it was rejected with', () => {
  expect(rejectionReport(new TypeError('x is not a function'))).toMatchObject({
    type: 'api_error',
    description: 'x is not a function',
  });
  expect(rejectionReport('rifiutata').description).toBe('rifiutata');
  expect(rejectionReport({ code: 7 }).description).toBe('{"code":7}');
  expect(rejectionReport(undefined).description).toBe('undefined');
});

test('the procedure comes from the tRPC key', () => {
  expect(procedureOf([['albums', 'list'], { type: 'query' }])).toBe('albums.list');
  expect(procedureOf([['reports', 'create']])).toBe('reports.create');
  expect(procedureOf(undefined)).toBe('sconosciuta');
});

test("a query answered 500 is reported as 'Errore Query' with its procedure and status", () => {
  const report = callFailureReport(
    'Query',
    [['albums', 'list'], { type: 'query' }],
    fromServer('Guasto', 500),
  );
  expect(report).toMatchObject({
    type: 'api_error',
    description: 'Errore Query: albums.list – Guasto',
    errorDetails: { procedure: 'albums.list', status: 500 },
  });
});

test('a call that never got an answer (the phone offline) is not a fault of the app: not reported', () => {
  for (const message of [
    'Failed to fetch',
    'NetworkError when attempting to fetch resource.',
    'Load failed',
  ]) {
    const error = TRPCClientError.from(new TypeError(message));
    expect(callFailureReport('Mutation', [['reports', 'create']], error)).toBeNull();
  }
});

test('4xx answers (not logged in, not found, bad input, too many) are normal outcomes: not reported', () => {
  for (const status of [400, 401, 403, 404, 409, 413, 429]) {
    expect(callFailureReport('Query', [['auth', 'me']], fromServer('No', status))).toBeNull();
  }
});
