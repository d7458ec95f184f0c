import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProfileParent } from '../server/auth/sessions.ts';
import type { User } from '../server/db/entities/user.ts';
import type { Services } from '../server/services.ts';

/**
 * A live session and its (active) user: the child profile a parent's session acts as, with that parent
 * (`parent`), or the session's own user (`parent` null).
 */
export type Auth = { user: User; sessionId: string; parent: ProfileParent | null };

/** What a procedure knows about the request it serves. */
export type Context = {
  em: EntityManager;
  /**
   * Where the session cookie points: a genuine, unexpired seal, not yet checked against the database.
   * Procedures read `ctx.auth` (src/rpc/trpc.ts), except the tap, which checks it in its own statement.
   */
  session: { sessionId: string; userId: number } | null;
  /** Looks the session up in the database, once per request, and records the access. */
  loadAuth: () => Promise<Auth | null>;
  ip: string;
  userAgent: string | undefined;
  /** Writes or clears the sealed session cookie on the response. */
  cookie: { set: (value: string) => void; clear: () => void };
  /**
   * Other cookies of this request (e.g. the login device cookie): read one, or write one that is
   * HttpOnly, SameSite=Lax and Secure when the request came over HTTPS.
   */
  cookies: {
    get: (name: string) => string | undefined;
    set: (name: string, value: string, maxAgeSeconds: number) => void;
  };
  services: Services;
};
