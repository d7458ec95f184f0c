import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';

/** Whether the address `hop` steps back from us (0: the socket's peer) is a proxy we trust. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** TRUST_PROXY as one function: Fastify's `trustProxy` for client addresses, and the request ids below. */
export function proxyTrust(setting: Env['TRUST_PROXY']): ProxyTrust {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** What a load balancer's id looks like (UUIDs, hex, `Root=1-…`-free trace ids): nothing to forge a log line with. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A request's id: the `x-request-id` a trusted proxy sent, when it has a plain shape, so one id follows the
 * request through the proxy's logs and ours; otherwise a new UUID. A client talking to us directly never
 * chooses it.
 */
export function requestIdOf(request: IncomingMessage, trust: ProxyTrust): string {
  const given = request.headers['x-request-id'];
  const fromProxy =
    typeof given === 'string' && PROXY_REQUEST_ID.test(given) && trust(request.socket.remoteAddress ?? '', 0);
  return fromProxy ? given : randomUUID();
}

/** Every answer names its request's id, so a collector's report or a proxy's log leads to our lines. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
