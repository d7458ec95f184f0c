import { Transform } from 'node:stream';
import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../../rpc/context.ts';
import { type Access, checkAccess } from '../../rpc/trpc.ts';
import { bodyLimitOf, DEFAULT_BODY_LIMIT, trpcBodyLimit, trpcProcedureNames } from './body-limits.ts';
import { restRoutes } from './rest-routes.ts';

const RANK: Record<Access, number> = { public: 0, session: 1, admin: 2 };

/** The access the procedures need (their `meta`), and at least a session: strangers send 64 KB at most. */
function accessFor(router: AnyRouter, names: string[]): Access {
  const procedures = router._def.procedures as Record<string, { _def?: { meta?: { access?: Access } } }>;
  return names
    .map((name) => (Object.hasOwn(procedures, name) ? procedures[name]?._def?.meta?.access : undefined))
    .reduce<Access>(
      (strictest, access = 'public') => (RANK[access] > RANK[strictest] ? access : strictest),
      'session',
    );
}

/** The procedures a route serves and the body it may take; undefined for a route of at most 64 KB. */
function largeBodyRoute(method: string | string[], url: string) {
  if (url === '/trpc/:path') {
    return (request: FastifyRequest) => ({
      names: trpcProcedureNames(request.url),
      limit: trpcBodyLimit(request.url),
    });
  }
  const route = restRoutes.find((rest) => rest.path === url && rest.method === method);
  if (!route || bodyLimitOf(route.procedure) <= DEFAULT_BODY_LIMIT) return undefined;
  return () => ({ names: [route.procedure], limit: bodyLimitOf(route.procedure) });
}

/**
 * A body over 64 KB is read only once its caller has passed the procedures' access check (a live session,
 * and the admin role for admin procedures): an anonymous 1.3 MB import is answered 401 from its headers,
 * instead of being received and parsed first. The check is the procedures' own (`checkAccess`), with the
 * request's one session lookup, which the procedure then reuses. A declared length is checked before
 * anything is read; a chunked body when its 64 KB have passed. A refusal closes the connection, as
 * Fastify's own refusals of a body do, so the rest is not read either.
 */
export function registerAccessBeforeBody(
  app: FastifyInstance,
  router: AnyRouter,
  authOf: (request: FastifyRequest, reply: FastifyReply) => Promise<Auth | null>,
) {
  app.addHook('onRoute', (route) => {
    const large = largeBodyRoute(route.method, route.url);
    if (!large) return;
    route.preParsing = [
      ...(Array.isArray(route.preParsing) ? route.preParsing : route.preParsing ? [route.preParsing] : []),
      async (request, reply, payload) => {
        const { names, limit } = large(request);
        if (limit <= DEFAULT_BODY_LIMIT) return payload;
        const check = async () => {
          try {
            checkAccess(accessFor(router, names), await authOf(request, reply));
          } catch (refusal) {
            reply.header('connection', 'close');
            throw refusal;
          }
        };
        // Node passes no more than a declared length; only a chunked body needs counting.
        if (request.headers['transfer-encoding'] === undefined) {
          if (Number(request.headers['content-length'] ?? 0) > DEFAULT_BODY_LIMIT) await check();
          return payload;
        }
        let received = 0;
        const gate = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            const before = received;
            received += chunk.length;
            if (before > DEFAULT_BODY_LIMIT || received <= DEFAULT_BODY_LIMIT) return callback(null, chunk);
            check().then(() => callback(null, chunk), callback);
          },
        });
        payload.on('error', (error) => gate.destroy(error));
        return payload.pipe(gate);
      },
    ];
  });
}
