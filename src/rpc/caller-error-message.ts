import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError } from '../server/domain-error.ts';

export const JSON_ONLY_MESSAGE = 'Formato della richiesta non supportato: usa JSON';

export const INTERNAL_ERROR_MESSAGE = 'Si è verificato un errore interno. Riprova più tardi.';

/** The one Italian 404: an unknown path, file or procedure. */
export const NOT_FOUND_MESSAGE = 'Risorsa non trovata';

/**
 * tRPC's own answer to a path that names no procedure: its English message quotes that path, which is the
 * caller's input (up to the router's longest batch), so neither the message nor the path is sent back.
 * Ours are domain errors, Italian already, on a procedure that exists.
 */
export function isUnknownProcedure(error: TRPCError): boolean {
  return error.code === 'NOT_FOUND' && !(error.cause instanceof DomainError);
}

/** The Italian text a caller sees for an error: never a stack trace, never an internal detail. */
export function callerErrorMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? 'Dati non validi';
  switch (error.code) {
    case 'INTERNAL_SERVER_ERROR':
      return INTERNAL_ERROR_MESSAGE;
    case 'PARSE_ERROR':
      return 'Richiesta non valida: il corpo non è JSON valido';
    case 'PAYLOAD_TOO_LARGE':
      return 'Richiesta troppo grande';
    case 'NOT_FOUND':
      return isUnknownProcedure(error) ? NOT_FOUND_MESSAGE : error.message;
    case 'METHOD_NOT_SUPPORTED':
      return 'Metodo non consentito';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return JSON_ONLY_MESSAGE;
    case 'BAD_REQUEST':
      // Ours are Italian; tRPC's own (a batch that is not an object, mixed procedure types…) are English.
      return error.cause instanceof DomainError ? error.message : 'Richiesta non valida';
    default:
      return error.message;
  }
}
