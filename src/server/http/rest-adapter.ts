import type { MikroORM } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { createCaller } from '../../rpc/router.ts';
import { DomainError } from '../domain-error.ts';
import type { Services } from '../services.ts';
import { bodyLimitOf } from './body-limits.ts';
import { toHttpError } from './http-errors.ts';
import { createRequestContext } from './request-context.ts';
import { inputFieldOf } from './rest-route.ts';
import { restRoutes } from './rest-routes.ts';

type Procedure = (input?: unknown) => Promise<unknown>;

/** Serves every line of the REST table by calling its tRPC procedure through a server-side caller. */
export function registerRestRoutes(app: FastifyInstance, orm: MikroORM, services: Services) {
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      bodyLimit: bodyLimitOf(route.procedure),
      handler: async (request, reply) => {
        const ctx = await createRequestContext(orm, services, request, reply);
        const caller = createCaller(ctx);
        const [area, name] = route.procedure.split('.') as [string, string];
        const procedure = (caller as unknown as Record<string, Record<string, Procedure>>)[area]?.[name];
        if (!procedure)
          throw new Error(`REST route ${route.path} names an unknown procedure ${route.procedure}`);
        try {
          const params = Object.entries((request.params ?? {}) as Record<string, string>).map(
            ([name, value]) => [inputFieldOf(route, name), value],
          );
          const result = await procedure(mergeInput(Object.fromEntries(params), request.query, request.body));
          if (route.successStatus) reply.status(route.successStatus);
          return result;
        } catch (error) {
          const { status, message } = toHttpError(error, request.log);
          return reply.status(status).send({ message });
        }
      },
    });
  }
}

/**
 * One input from the path, the query string and the body. The path names the resource, so a query or
 * body that names a path parameter with another value is refused: `DELETE /api/albums/1/stickers
 * {"albumId": 82}` must never reach album 82.
 */
function mergeInput(fromPath: Record<string, string>, query: unknown, body: unknown): unknown {
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) return body;
  for (const part of [query, body] as (Record<string, unknown> | undefined)[]) {
    for (const [name, value] of Object.entries(fromPath)) {
      if (part && Object.hasOwn(part, name) && String(part[name]) !== value) {
        const refusal = new DomainError('BAD_REQUEST', pathParameterMessage(name));
        throw new TRPCError({ code: 'BAD_REQUEST', message: refusal.message, cause: refusal });
      }
    }
  }
  const merged = { ...(query as object), ...(body as object), ...fromPath };
  // No parameters, no query and no body: the procedure sees no input (its defaults apply).
  return Object.keys(merged).length === 0 && body === undefined ? undefined : merged;
}

export const pathParameterMessage = (name: string) =>
  `Richiesta non valida: «${name}» è già indicato nel percorso e non può essere diverso`;
