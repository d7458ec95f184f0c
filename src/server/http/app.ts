import fastifyCookie from '@fastify/cookie';
import type { MikroORM } from '@mikro-orm/postgresql';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from 'helmet';
import { NOT_FOUND_MESSAGE } from '../../rpc/caller-error-message.ts';
import { appRouter } from '../../rpc/router.ts';
import type { Services } from '../services.ts';
import { registerAccessBeforeBody } from './access-before-body.ts';
import { registerAlertUnsubscribeRoute } from './alert-unsubscribe-route.ts';
import { DEFAULT_BODY_LIMIT, registerTrpcBodyLimits } from './body-limits.ts';
import { registerClientAssets } from './client-assets.ts';
import { registerCompression } from './compression.ts';
import { registerDataExportRoute } from './data-export-route.ts';
import { registerDrain } from './drain.ts';
import { answerClientError, toHttpError } from './http-errors.ts';
import type { Metrics } from './metrics.ts';
import { registerMetricsRoute } from './metrics-endpoint.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { createRequestContext } from './request-context.ts';
import { registerRequestGuards } from './request-guards.ts';
import { proxyTrust, registerRequestIdHeader, requestIdOf } from './request-id.ts';
import { registerRestRoutes } from './rest-adapter.ts';
import { registerTrpcRoute, trpcPathLengthLimit } from './trpc-route.ts';

/** A whole request (headers and body) must arrive within this time; slow-drip bodies are cut off. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A socket silent this long is closed (chat streams ping every 15 s, so they stay open). */
export const CONNECTION_TIMEOUT_MS = 30_000;

/**
 * The whole HTTP surface: REST (/api), tRPC (/trpc), health, OpenAPI and the client. Each request logs
 * through `logger` with its id (`reqId`), which its answer names in `x-request-id` (docs/decisions/024).
 */
export async function buildApp(
  orm: MikroORM,
  services: Omit<Services, 'log'>,
  logger: FastifyBaseLogger,
  metrics: Metrics,
): Promise<FastifyInstance> {
  const { env } = services;
  // The client is the address the outermost trusted proxy saw.
  const trust = proxyTrust(env.TRUST_PROXY);
  const app = Fastify({
    loggerInstance: logger,
    genReqId: (request) => requestIdOf(request, trust),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: env.TRUST_PROXY === false ? false : trust,
    routerOptions: { maxParamLength: trpcPathLengthLimit(appRouter) },
    // Fastify's and Node's own refusals (a malformed or over-long URL, headers too large) in Italian too.
    frameworkErrors: (error, request, reply) => {
      const { status, message } = toHttpError(error, request.log);
      return (reply as FastifyReply).status(status).header('cache-control', 'no-store').send({ message });
    },
    clientErrorHandler: answerClientError,
    // A drain serves what reaches it, on connections it already has: new ones are refused, which a client
    // or load balancer retries elsewhere. Idle connections are closed; event streams are cut by drain.ts.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Headers within 15 s (Node's 60 s default would also stretch the request timeout), checked every
    // 2 s, so a slow body is cut within seconds of its limit.
    http: { headersTimeout: 15_000, connectionsCheckingInterval: 2_000 },
  });
  const fullServices: Services = { ...services, log: app.log };
  metrics.timeRequests(app, Object.keys(appRouter._def.procedures));
  registerRequestIdHeader(app);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(
        Object.assign(new Error('invalid JSON'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }),
      );
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, message } = toHttpError(error, request.log);
    return reply.status(status).send({ message });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: NOT_FOUND_MESSAGE }));

  // Security headers from one helmet middleware built here: @fastify/helmet built a new one, parsing the
  // CSP again, for every request (about 65 µs each on the 2-core machine; docs/decisions/017).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiled from our own files only: the QR decoder of 'Scambio dal vivo' (decision 036).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
      },
    },
    strictTransportSecurity: env.NODE_ENV === 'production',
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(fastifyCookie);
  // Before any route: the plugin hooks into the routes declared after it.
  await registerCompression(app);
  registerRequestGuards(app);

  // API answers are personal and live (the spec's report list is "never cached"): no cache anywhere.
  app.addHook('onSend', async (request, reply) => {
    if (
      (request.url.startsWith('/api/') || request.url.startsWith('/trpc/')) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
  });

  app.get('/api/health', async (_request, reply) => {
    try {
      await orm.em.getConnection().execute('select 1');
      return { ok: true };
    } catch {
      return reply.status(503).send({ ok: false, message: 'Database non raggiungibile' });
    }
  });
  registerDrain(app, {
    database: () => orm.em.getConnection().execute('select 1'),
    dbEventsListening: services.dbEventsListening,
    matchIndexWarm: () => services.matchIndex.warm(),
  });
  app.get('/api/openapi.json', async () => buildOpenApiDocument());
  // On PORT only behind the token; with METRICS_PORT they are served there instead (docs/decisions/027).
  registerMetricsRoute(app, metrics, env.METRICS_PORT === undefined ? env.METRICS_TOKEN : undefined);
  // Before the routes it guards: it hooks into the routes declared after it.
  registerAccessBeforeBody(app, appRouter, async (request, reply) =>
    (await createRequestContext(orm, fullServices, request, reply)).loadAuth(),
  );
  registerRestRoutes(app, orm, fullServices);
  registerDataExportRoute(app, orm, fullServices);
  registerAlertUnsubscribeRoute(app, orm, fullServices);

  registerTrpcBodyLimits(app);
  await registerTrpcRoute(app, {
    router: appRouter,
    createContext: (request, reply) => createRequestContext(orm, fullServices, request, reply),
    onError: (error, request) => {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        request.log.error({ err: error.cause ?? error }, 'procedure failed');
    },
  });

  await registerClientAssets(app, env.clientDir, env.assetsArchiveDir);
  return app;
}
