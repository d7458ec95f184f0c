import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { createCaller } from '../../rpc/router.ts';
import type { Services } from '../services.ts';
import { toHttpError } from './http-errors.ts';
import { createRequestContext } from './request-context.ts';
import { restRoutes } from './rest-routes.ts';

type Procedure = (input?: unknown) => Promise<unknown>;

/** Serves every line of the REST table by calling its tRPC procedure through a server-side caller. */
export function registerRestRoutes(app: FastifyInstance, orm: MikroORM, services: Services) {
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        const ctx = await createRequestContext(orm, services, request, reply);
        const caller = createCaller(ctx);
        const [area, name] = route.procedure.split('.') as [string, string];
        const procedure = (caller as unknown as Record<string, Record<string, Procedure>>)[area]?.[name];
        if (!procedure)
          throw new Error(`REST route ${route.path} names an unknown procedure ${route.procedure}`);
        const input = mergeInput(request.params, request.query, request.body);
        try {
          return await procedure(input);
        } catch (error) {
          const { status, message } = toHttpError(error, request.log);
          return reply.status(status).send({ message });
        }
      },
    });
  }
}

function mergeInput(...parts: unknown[]): unknown {
  const objects = parts.filter(
    (part): part is Record<string, unknown> => typeof part === 'object' && part !== null,
  );
  const body = parts[2];
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) return body;
  const merged = Object.assign({}, ...objects);
  // No parameters, no query and no body: the procedure sees no input (its defaults apply).
  return Object.keys(merged).length === 0 && body === undefined ? undefined : merged;
}
