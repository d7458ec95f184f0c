import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `/metrics` on the app's own port, for a scraper that presents `Authorization: Bearer <token>`; anyone
 * else gets a bare 401 (docs/decisions/027). Without a token (none set, or METRICS_PORT serves them) the
 * path answers the app's 404, rather than the client's app shell that other paths without an extension get.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    if (token === undefined) return reply.callNotFound();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      return reply.status(401).header('cache-control', 'no-store').send({ message: 'Non autorizzato' });
    }
    const { body, contentType } = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

export type MetricsServer = { port: number; close: () => Promise<void> };

/**
 * A second, small HTTP server that answers only `GET /metrics`, for a port that only the scraper can
 * reach (METRICS_PORT): no token, and nothing of the app on it.
 */
export async function startMetricsServer(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== METRICS_PATH) {
      response.writeHead(404).end();
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
