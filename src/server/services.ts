import type { FastifyBaseLogger } from 'fastify';
import type { LoginThrottle } from './accounts/login-throttle.ts';
import type { Env } from './env.ts';

/** Long-lived things a request may need, built once at start. */
export type Services = {
  env: Env;
  sessionSecret: string;
  loginThrottle: LoginThrottle;
  log: FastifyBaseLogger;
  /** LOG_LEVEL, when set, wins over the admin's log level setting. */
  pinnedLogLevel: string | undefined;
};
