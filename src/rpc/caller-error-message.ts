import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError } from '../server/domain-error.ts';

export const JSON_ONLY_MESSAGE = 'Formato della richiesta non supportato: usa JSON';

export const INTERNAL_ERROR_MESSAGE = 'Si è verificato un errore interno. Riprova più tardi.';

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
      // tRPC's own "no procedure on path" is English; ours are Italian already.
      return /procedure/i.test(error.message) ? 'Risorsa non trovata' : error.message;
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
