import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyBaseLogger } from 'fastify';
import {
  callerErrorMessage,
  INTERNAL_ERROR_MESSAGE,
  JSON_ONLY_MESSAGE,
} from '../../rpc/caller-error-message.ts';
import { TRPC_BATCH_MAX } from '../../rpc/schemas/trpc-batch.ts';
import { DomainError } from '../domain-error.ts';

export type HttpError = { status: number; message: string };

/** The code of the error a tRPC request naming more than TRPC_BATCH_MAX calls fails with. */
export const TRPC_BATCH_TOO_LARGE = 'TRPC_BATCH_TOO_LARGE';
export const TRPC_BATCH_TOO_LARGE_MESSAGE = `Troppe operazioni in una richiesta: al massimo ${TRPC_BATCH_MAX}`;

// Fastify's own refusals (body parsing, limits, routing), in Italian.
const FASTIFY_ERRORS: Record<string, HttpError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Richiesta troppo grande' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Lunghezza della richiesta non valida' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: JSON_ONLY_MESSAGE },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Richiesta non valida: il corpo non è JSON valido' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Richiesta non valida: corpo JSON vuoto' },
  FST_ERR_BAD_URL: { status: 400, message: 'Indirizzo non valido' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'Indirizzo troppo lungo' },
  [TRPC_BATCH_TOO_LARGE]: { status: 413, message: TRPC_BATCH_TOO_LARGE_MESSAGE },
};

/** Node's own refusals of a request it could not parse, before Fastify sees it (by Node's error code). */
const CLIENT_ERRORS: Record<string, HttpError> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Intestazioni della richiesta troppo grandi' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Richiesta troppo lenta: riprova' },
};
const BAD_REQUEST: HttpError = { status: 400, message: 'Richiesta non valida' };

/**
 * A request Node's HTTP parser refused (headers too large, a malformed request line, too slow): the
 * answer written straight on the socket, as Fastify's default handler does, but in Italian.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST;
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The one way an error becomes an HTTP answer: `{ message }` in Italian with a fitting status. */
export function toHttpError(error: unknown, log: FastifyBaseLogger): HttpError {
  if (error instanceof TRPCError) {
    // A refusal for something over for good: tRPC has no 410, REST says it (src/server/domain-error.ts).
    const gone = error.cause instanceof DomainError && error.cause.code === 'GONE';
    const status = gone ? 410 : getHTTPStatusCodeFromError(error);
    if (status >= 500) log.error({ err: error.cause ?? error }, 'procedure failed');
    return { status, message: callerErrorMessage(error) };
  }
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? FASTIFY_ERRORS[code] : undefined;
  if (known) return known;
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { ...BAD_REQUEST, status: statusCode };
  }
  log.error({ err: error }, 'request failed');
  return { status: 500, message: INTERNAL_ERROR_MESSAGE };
}
