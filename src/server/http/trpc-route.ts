import type { AnyRouter } from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import {
  type AnyProcedure,
  getErrorShape,
  getHTTPStatusCode,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  isObject,
  type TRPCError,
  type TRPCResponse,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_BATCH_MAX } from '../../rpc/schemas/trpc-batch.ts';
import { TRPC_BATCH_TOO_LARGE } from './http-errors.ts';

export type TrpcRouteOptions<Context> = {
  router: AnyRouter;
  createContext: (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  /** Every failed call, with its request (whose log names the request's id). */
  onError: (error: TRPCError, request: FastifyRequest) => void;
};

/** Procedure names as the client writes them in the URL: nothing to decode. */
const PLAIN_PATHS = /^[A-Za-z0-9_.]+(,[A-Za-z0-9_.]+)*$/;

/**
 * tRPC over HTTP at `/trpc/:path` (docs/decisions/020). Batched mutations sent as JSON, which is every
 * write the web client makes and the sticker tap among them, are answered here without the fetch
 * `Request`/`Response` round trip of tRPC's adapter, which cost two thirds of a tap's time in the server;
 * everything else (queries, subscriptions, streamed batches, calls that are not plain JSON) goes to the
 * adapter, `fastifyRequestHandler`, as before. The answers are made with tRPC's own parts for adapters
 * (`getErrorShape`, `getHTTPStatusCode`, `transformTRPCResponse`), in resolveResponse's order, and
 * `trpc-route.test.ts` checks them against the adapter's.
 */
export async function registerTrpcRoute<Context>(app: FastifyInstance, options: TrpcRouteOptions<Context>) {
  await app.register(async (scope) => {
    // As fastifyTRPCPlugin does: tRPC reads the bodies itself.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_request, body, done) => done(null, body));
    // Before the body is read: a batch of more calls than the client ever sends is refused whole.
    scope.addHook('onRequest', async (request) => {
      if (callsNamed(request) > TRPC_BATCH_MAX) {
        throw Object.assign(new Error('batch too large'), { code: TRPC_BATCH_TOO_LARGE, statusCode: 413 });
      }
    });
    scope.all('/trpc/:path', async (request, reply) => {
      const { path } = request.params as { path: string };
      const answer = await answerMutationBatch(options, request, reply, path);
      if (answer !== undefined) return reply.send(answer);
      await fastifyRequestHandler({
        router: options.router,
        req: request,
        res: reply,
        path,
        createContext: ({ req, res }) => options.createContext(req, res),
        onError: ({ error }) => options.onError(error, request),
      });
    });
  });
}

function callsNamed(request: FastifyRequest): number {
  const { path } = request.params as { path?: string };
  return path === undefined ? 0 : path.split(',').length;
}

/**
 * The longest `:path` a batch the server accepts can have: TRPC_BATCH_MAX of the router's longest
 * procedure name, comma-separated (Fastify's own limit, 100 characters, held five taps at most).
 */
export function trpcPathLengthLimit(router: AnyRouter): number {
  const longest = Math.max(...Object.keys(router._def.procedures).map((name) => name.length));
  return TRPC_BATCH_MAX * (longest + 1);
}

/**
 * `POST /trpc/a.b,c.d?batch=1` with a JSON object of inputs, every path a mutation: the answer's body,
 * with status and headers set on the reply; undefined for any other call (the adapter serves it).
 */
async function answerMutationBatch<Context>(
  options: TrpcRouteOptions<Context>,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<Buffer | undefined> {
  if (request.method !== 'POST' || request.headers['trpc-accept'] !== undefined) return undefined;
  if ((request.query as Record<string, unknown>).batch !== '1' || !PLAIN_PATHS.test(path)) return undefined;
  const contentType = request.headers['content-type']?.toLowerCase().split(';', 1)[0]?.trim();
  if (contentType !== 'application/json' || typeof request.body !== 'string' || request.body === '')
    return undefined;
  let inputs: unknown;
  try {
    inputs = JSON.parse(request.body);
  } catch {
    return undefined;
  }
  if (!isObject(inputs)) return undefined;
  const { router } = options;
  const paths = path.split(',');
  const procedures = await Promise.all(paths.map((name) => getProcedureAtPath(router, name)));
  if (!procedures.every((procedure) => procedure?._def?.type === 'mutation')) return undefined;

  const config = router._def._config;
  let ctx: Context | undefined;
  let contextError: TRPCError | undefined;
  try {
    ctx = await options.createContext(request, reply);
  } catch (cause) {
    contextError = getTRPCErrorFromUnknown(cause);
  }
  const results = await Promise.all(
    paths.map(async (name, index): Promise<[TRPCError | undefined, TRPCResponse]> => {
      const raw = inputs[index];
      const input = raw === undefined ? undefined : config.transformer.input.deserialize(raw);
      try {
        if (contextError) throw contextError;
        const data = await (procedures[index] as AnyProcedure)({
          path: name,
          getRawInput: async () => input,
          ctx,
          type: 'mutation',
          signal: undefined,
          batchIndex: index,
        });
        return [undefined, { result: { data } }];
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError(error, request);
        return [error, { error: getErrorShape({ config, ctx, error, input, path: name, type: 'mutation' }) }];
      }
    }),
  );
  const json = results.map(([, response]) => response);
  reply.code(getHTTPStatusCode(json, results.map(([error]) => error) as TRPCError[]));
  reply.header('vary', 'trpc-accept, accept');
  reply.header('content-type', 'application/json');
  // Bytes, so that Fastify sends the type as given, as the adapter's answers have it (it would add a
  // charset to a string's).
  return Buffer.from(JSON.stringify(transformTRPCResponse(config, json)));
}
