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
  services: Services;
};
