import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { envVariables, port } from './env-variables.ts';

/** The variables together: what a production server refuses, what goes in pairs, and the defaults that follow. */
const envSchema = envVariables
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required in production',
      });
    }
    if (env.EMBEDDED_DB === '1' && env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMBEDDED_DB'],
        message: 'EMBEDDED_DB=1 and DATABASE_URL name two databases: set one of them',
      });
    }
    if (env.DIRECT_DATABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DIRECT_DATABASE_URL'],
        message: 'DIRECT_DATABASE_URL goes with DATABASE_URL (the embedded database needs neither)',
      });
    }
    if (env.EMBEDDED_DB === '0' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMBEDDED_DB'],
        message: 'EMBEDDED_DB=0 needs DATABASE_URL: which database should the app use?',
      });
    }
    // A production server that quietly keeps its data in a local directory loses it with the container:
    // the operator says which database, even when it is the embedded one of a single machine.
    if (env.NODE_ENV === 'production' && !env.DATABASE_URL && env.EMBEDDED_DB !== '1') {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'production needs a database: set DATABASE_URL, or EMBEDDED_DB=1 to keep the embedded PostgreSQL in DATA_DIR',
      });
    }
    if (env.NODE_ENV === 'production' && env.SEED_DEMO === '1') {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'SEED_DEMO=1 would add demo collectors to a production database: unset it',
      });
    }
    if (env.NODE_ENV === 'production' && env.SMTP_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'PUBLIC_URL (e.g. https://figurine.example.it) is required with SMTP_URL: mails carry links to it',
      });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      });
    }
    if (env.NODE_ENV === 'production' && !vapid.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message:
          'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required in production (npx web-push generate-vapid-keys)',
      });
    }
    if (env.PASSWORD_HASH_COST === 'test' && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'PASSWORD_HASH_COST=test makes passwords cheap to crack: it is for NODE_ENV=test only',
      });
    }
    if (Boolean(env.ADMIN_NICKNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_NICKNAME and ADMIN_PASSWORD must be set together',
      });
    }
  })
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? (env.NODE_ENV === 'production' ? ('0' as const) : ('1' as const)),
    DRAIN_DELAY_MS: env.DRAIN_DELAY_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0),
    MAIL_FROM: env.MAIL_FROM ?? 'Scambio Figurine <noreply@localhost>',
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  backupDir: string;
  clientDir: string;
  assetsArchiveDir: string;
};

const BUILT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

/**
 * PORT alone, validated as the server validates it: the Vite dev server proxies to it, and must not refuse
 * to start over a variable only the server needs.
 */
export function serverPort(source: NodeJS.ProcessEnv = process.env): number {
  const parsed = port.safeParse(source.PORT === '' ? undefined : source.PORT);
  if (!parsed.success) throw new Error(`Invalid configuration:\n  PORT: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * Tracing's switch, OTEL_EXPORTER_OTLP_ENDPOINT, and the service's name, for the tracing hook loaded before
 * the app: undefined when tracing is off. The OpenTelemetry SDK reads its other OTEL_* variables itself.
 */
export function tracingConfig(
  source: NodeJS.ProcessEnv = process.env,
): { endpoint: string; serviceName: string } | undefined {
  const endpoint = source.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return undefined;
  return { endpoint, serviceName: source.OTEL_SERVICE_NAME?.trim() || 'scambio-figurine' };
}

/** The one place that reads process.env: the app refuses to start on bad values. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    backupDir: path.resolve(parsed.data.BACKUP_DIR ?? path.join(parsed.data.DATA_DIR, 'backups')),
    clientDir: parsed.data.CLIENT_DIR ? path.resolve(parsed.data.CLIENT_DIR) : BUILT_CLIENT_DIR,
    assetsArchiveDir: path.resolve(
      parsed.data.ASSETS_ARCHIVE_DIR ?? path.join(parsed.data.DATA_DIR, 'assets-archive'),
    ),
  };
}
