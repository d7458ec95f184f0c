import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ERROR_REPORT_BODY_LIMIT } from '../../rpc/schemas/reports-limits.ts';
import type { ProcedurePath } from './rest-route.ts';

export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** 5,000 import lines of up to 200 characters each, as JSON, fit in 1.5 MB. */
const IMPORT_BODY_LIMIT = 1_536 * 1024;
/** The largest body any tRPC request may have, whatever it batches. */
const TRPC_BODY_LIMIT = IMPORT_BODY_LIMIT;

/** Procedures whose input may be larger (or must be smaller) than the default, on both transports. */
const BODY_LIMITS: Partial<Record<ProcedurePath, number>> = {
  'stickers.import': IMPORT_BODY_LIMIT,
  'reports.error': ERROR_REPORT_BODY_LIMIT,
};

export function bodyLimitOf(procedure: string): number {
  return BODY_LIMITS[procedure as ProcedurePath] ?? DEFAULT_BODY_LIMIT;
}

/** `/trpc/a.b,c.d?batch=1` → `['a.b', 'c.d']`. */
export function trpcProcedureNames(url: string): string[] {
  return decodeURIComponent(url.slice('/trpc/'.length).split('?')[0] ?? '').split(',');
}

/** `/trpc/a.b,c.d?batch=1` → the sum of the named procedures' limits: a batch carries each input. */
export function trpcBodyLimit(url: string): number {
  const total = trpcProcedureNames(url).reduce((sum, name) => sum + bodyLimitOf(name), 0);
  return Math.min(total, TRPC_BODY_LIMIT);
}

function tooLarge() {
  return Object.assign(new Error('body too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
}

/**
 * tRPC serves every procedure on one route, so Fastify's per-route limit cannot tell an import from an
 * anonymous error report: the limit comes from the procedures the URL names, checked on the declared
 * length and again on the bytes as they arrive (a chunked body has no length to declare).
 */
export function registerTrpcBodyLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/trpc')) return;
    route.bodyLimit = TRPC_BODY_LIMIT;
    route.preParsing = [
      ...(Array.isArray(route.preParsing) ? route.preParsing : route.preParsing ? [route.preParsing] : []),
      async (request, _reply, payload) => {
        const limit = trpcBodyLimit(request.url);
        const declared = request.headers['content-length'];
        if (Number(declared ?? 0) > limit) throw tooLarge();
        // Node's parser passes no more than a declared length: only a chunked body needs counting.
        if (declared !== undefined && request.headers['transfer-encoding'] === undefined) return payload;
        let received = 0;
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            received += chunk.length;
            callback(received > limit ? tooLarge() : null, chunk);
          },
        });
        payload.on('error', (error) => counted.destroy(error));
        return payload.pipe(counted);
      },
    ];
  });
}
