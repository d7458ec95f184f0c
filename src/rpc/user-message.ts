import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

export const INTERNAL_ERROR_MESSAGE = 'Si è verificato un errore interno. Riprova più tardi.';

/** The Italian text a caller sees for an error: never a stack trace, never an internal detail. */
export function userMessage(error: TRPCError): string {
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
    default:
      return error.message;
  }
}
