import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyBaseLogger } from 'fastify';
import { INTERNAL_ERROR_MESSAGE, userMessage } from '../../rpc/user-message.ts';

export type HttpError = { status: number; message: string };

export const JSON_ONLY_MESSAGE = 'Formato della richiesta non supportato: usa JSON';

// Fastify's own refusals (body parsing, limits, routing), in Italian.
const FASTIFY_ERRORS: Record<string, HttpError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Richiesta troppo grande' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Lunghezza della richiesta non valida' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: JSON_ONLY_MESSAGE },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Richiesta non valida: il corpo non è JSON valido' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Richiesta non valida: corpo JSON vuoto' },
  FST_ERR_BAD_URL: { status: 400, message: 'Indirizzo non valido' },
};

/** The one way an error becomes an HTTP answer: `{ message }` in Italian with a fitting status. */
export function toHttpError(error: unknown, log: FastifyBaseLogger): HttpError {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) log.error({ err: error.cause ?? error }, 'procedure failed');
    return { status, message: userMessage(error) };
  }
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? FASTIFY_ERRORS[code] : undefined;
  if (known) return known;
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, message: 'Richiesta non valida' };
  }
  log.error({ err: error }, 'request failed');
  return { status: 500, message: INTERNAL_ERROR_MESSAGE };
}
