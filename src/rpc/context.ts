import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../server/db/entities/user.ts';
import type { Services } from '../server/services.ts';

/** What a procedure knows about the request it serves. */
export type Context = {
  em: EntityManager;
  auth: { user: User; sessionId: string } | null;
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
