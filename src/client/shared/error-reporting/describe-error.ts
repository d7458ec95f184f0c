import { httpStatus, isNetworkFailure } from '../api/error-message.ts';
import type { ErrorReport } from './error-report.ts';

/** A one-line account of anything a script can throw or reject with. */
export function thrownMessage(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function thrownDetails(value: unknown): Record<string, unknown> {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return { reason: thrownMessage(value) };
}

type ScriptError = { message: string; filename: string; lineno: number; colno: number; error: unknown };

/** window 'error': an exception nobody caught. */
export function scriptErrorReport(event: ScriptError): ErrorReport {
  // A cross-origin script gives only 'Script error.' and no error object: the message is all there is.
  const description = event.error instanceof Error ? thrownMessage(event.error) : event.message;
  return {
    type: 'js_error',
    description,
    errorDetails: {
      ...thrownDetails(event.error ?? event.message),
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    },
  };
}

/** An error a route's error boundary caught (in rendering or while loading): React keeps it from window 'error'. */
export function routeErrorReport(error: unknown, componentStack?: string): ErrorReport {
  return {
    type: 'js_error',
    description: thrownMessage(error),
    errorDetails: { ...thrownDetails(error), ...(componentStack && { componentStack }) },
  };
}

/** window 'unhandledrejection': a promise that failed with nobody waiting for it. */
export function rejectionReport(reason: unknown): ErrorReport {
  return { type: 'api_error', description: thrownMessage(reason), errorDetails: thrownDetails(reason) };
}

/** 'albums.list' from a tRPC query or mutation key ([['albums', 'list'], { input, type }]). */
export function procedureOf(key: unknown): string {
  const [path] = Array.isArray(key) ? key : [];
  if (Array.isArray(path)) return path.join('.');
  return path === undefined ? 'sconosciuta' : String(path);
}

/**
 * A failed query or mutation, or null when it needs no report. A 4xx answer is an outcome the screen
 * already handles with the server's message (not logged in, not found, invalid input, too many requests):
 * reporting those would bury the real faults, and so would calls that got no answer at all. What remains
 * are answers ≥ 500 and answers that are not the server's (no status at all).
 */
export function callFailureReport(
  kind: 'Query' | 'Mutation',
  key: unknown,
  error: unknown,
): ErrorReport | null {
  const status = httpStatus(error);
  if (status !== undefined && status < 500) return null;
  // No answer at all: the phone's connection, not the app's fault (an offline phone would flood the queue).
  if (isNetworkFailure(error)) return null;
  const procedure = procedureOf(key);
  const message = thrownMessage(error);
  return {
    type: 'api_error',
    description: `Errore ${kind}: ${procedure} – ${message}`,
    errorDetails: { procedure, status: status ?? null, ...thrownDetails(error) },
  };
}
