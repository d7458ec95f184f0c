import { type DestinationStream, type Logger, pino } from 'pino';
import type { Env } from './env.ts';

/**
 * What no log line may hold, wherever it is logged from: the session and device cookies, credentials a
 * client or proxy sends, and passwords in a logged input (login, registration, password change).
 */
const SECRETS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...['password', 'currentPassword', 'newPassword'].flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * The app's one logger (Fastify's too, so each request's lines carry its `reqId`): JSON lines in
 * production and tests, pino-pretty's readable lines in development (docs/decisions/024).
 */
export async function createLogger(
  env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>,
  destination?: DestinationStream,
): Promise<Logger> {
  const options = {
    level: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    redact: { paths: SECRETS, censor: '[redacted]' },
  };
  if (env.NODE_ENV !== 'development') return destination ? pino(options, destination) : pino(options);
  // A dev dependency, absent from a production install: imported only where it is used. In this thread
  // and synchronous, so the last lines before an exit are never lost.
  const { default: pretty } = await import('pino-pretty');
  return pino(
    options,
    pretty({
      destination: destination ?? 1,
      sync: true,
      ignore: 'pid,hostname',
      translateTime: 'SYS:HH:MM:ss.l',
    }),
  );
}
