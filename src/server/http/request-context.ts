import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth, Context } from '../../rpc/context.ts';
import { recordAccess } from '../auth/last-access.ts';
import {
  SESSION_COOKIE,
  sealSessionCookie,
  sessionCookieOptions,
  unsealSessionCookie,
} from '../auth/session-cookie.ts';
import { findLiveSession, recordSessionUse } from '../auth/sessions.ts';
import type { Services } from '../services.ts';

const contexts = new WeakMap<FastifyRequest, Promise<Context>>();

/**
 * The procedure context of one HTTP request, made once: the check before a large body is read
 * (access-before-body.ts) and the procedures share it, and so its one session lookup.
 */
export function createRequestContext(
  orm: MikroORM,
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Context> {
  let context = contexts.get(request);
  if (!context) {
    context = buildContext(orm, services, request, reply);
    contexts.set(request, context);
  }
  return context;
}

/**
 * Its own entity manager and who the session cookie says is calling. The database is asked about that
 * session when a procedure first needs it (most do, through `ctx.auth`; a sticker tap asks in its own
 * statement instead).
 */
async function buildContext(
  orm: MikroORM,
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Context> {
  // Forked when a procedure first uses it: the tap never does unless it must record an access or choose
  // an album, and a fork costs about 40 µs of CPU (docs/decisions/020).
  let em: EntityManager | undefined;
  const entityManager = () => {
    em ??= orm.em.fork();
    return em;
  };
  // Secure whenever the browser talks HTTPS to us (directly, or per a trusted proxy's X-Forwarded-Proto).
  const secure = services.env.NODE_ENV === 'production' || request.protocol === 'https';
  const setCookie = (value: string) =>
    void reply.setCookie(SESSION_COOKIE, value, sessionCookieOptions(secure));
  const pointer = await unsealSessionCookie(services.sessionSecret, request.cookies[SESSION_COOKIE]);
  let auth: Promise<Auth | null> | undefined;
  const lookUp = async (): Promise<Auth | null> => {
    const session = pointer ? await findLiveSession(entityManager(), pointer.sessionId) : null;
    if (!session || !pointer) return null;
    // The cookie names the profile the session acts as (the sticker tap reads it): after a switch made
    // elsewhere (a child profile deleted on another device) it is sealed again for the one in use.
    if (session.user.id !== pointer.userId) {
      setCookie(await sealSessionCookie(services.sessionSecret, session.id, session.user.id));
    }
    await recordAccess(entityManager(), session.user);
    await recordSessionUse(entityManager(), session);
    return { user: session.user, sessionId: session.id, parent: session.parent };
  };
  return {
    get em() {
      return entityManager();
    },
    session: pointer ?? null,
    loadAuth: () => {
      auth ??= lookUp();
      return auth;
    },
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    cookie: {
      set: setCookie,
      clear: () => void reply.clearCookie(SESSION_COOKIE, { path: '/' }),
    },
    cookies: {
      get: (name) => request.cookies[name],
      set: (name, value, maxAgeSeconds) =>
        void reply.setCookie(name, value, { ...sessionCookieOptions(secure), maxAge: maxAgeSeconds }),
    },
    services,
  };
}
