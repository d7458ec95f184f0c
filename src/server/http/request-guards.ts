import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_ONLY_MESSAGE } from '../../rpc/caller-error-message.ts';
import { UNSUBSCRIBE_API_PATH } from '../alerts/alert-delivery.ts';

export const FOREIGN_ORIGIN_MESSAGE = 'Richiesta rifiutata: proviene da un altro sito';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request our own pages (or the user typing a URL) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** Whether a browser says this request comes from a page that is not ours. */
function isForeign(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      // `request.host` is the Host header, or X-Forwarded-Host from a trusted proxy.
      return new URL(origin).host !== request.host;
    } catch {
      return true; // "null" (sandboxed frames, file:) or garbage
    }
  }
  const site = request.headers['sec-fetch-site'];
  return typeof site === 'string' && !OWN_FETCH_SITES.has(site);
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * CSRF defence for every mutation, REST and tRPC alike, checked before any work is done: a request a
 * browser sends from another origin (another site, or another port of this host) is refused, and a
 * body must be JSON — which a cross-site HTML form cannot send. SameSite=Lax on the session cookie
 * stays as a second layer. A bodiless call without Origin (an integrator's script) still works.
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A mail program's one-click unsubscribe: a form post from its servers, authorised by the link's token.
    if (request.url.split('?')[0] === UNSUBSCRIBE_API_PATH) return;
    if (isForeign(request)) return reply.status(403).send({ message: FOREIGN_ORIGIN_MESSAGE });
    const contentType = request.headers['content-type'];
    const length = Number(request.headers['content-length'] ?? 0);
    const hasBody = length > 0 || request.headers['transfer-encoding'] !== undefined;
    if ((contentType !== undefined || hasBody) && !isJson(contentType)) {
      return reply.status(415).send({ message: JSON_ONLY_MESSAGE });
    }
  });
}
