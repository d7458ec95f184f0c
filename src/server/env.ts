import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A push service the operator added (PUSH_ENDPOINT_HOSTS): its host and port, and whether plain http is allowed. */
export type ExtraPushHost = { host: string; http: boolean };

/**
 * PUSH_ENDPOINT_HOSTS as written: comma-separated `host[:port]` (https) or `http://host[:port]` (plain http
 * allowed too: a test's own push service on 127.0.0.1). Undefined: a malformed entry.
 */
function parseExtraPushHosts(value: string): ExtraPushHost[] | undefined {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const parsed: ExtraPushHost[] = [];
  for (const entry of entries) {
    const http = entry.startsWith('http://');
    const hostPart = http ? entry.slice('http://'.length) : entry.replace(/^https:\/\//, '');
    if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$/.test(hostPart)) return undefined;
    parsed.push({ host: hostPart.toLowerCase(), http });
  }
  return parsed;
}

const port = z.coerce.number().int().min(0).max(65535).default(3000);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port,
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    // The database itself when DATABASE_URL is PgBouncer in transaction mode: LISTEN, the schema's lock and
    // migrations, the match index's reads (docs/decisions/029).
    DIRECT_DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    // The pools' sizes per instance: MikroORM's (the API's transactions) and the plain queries' (rate limits).
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    DATABASE_QUERY_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(4),
    // The embedded database's backups (docs/decisions/030): base backups and archived WAL, on another disk.
    BACKUP_DIR: optionalText,
    BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    // At most this many seconds of acknowledged writes are lost with the data disk.
    BACKUP_ARCHIVE_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(60),
    // `1`: the embedded PostgreSQL in DATA_DIR, chosen knowingly (production refuses it as a silent default).
    EMBEDDED_DB: optionalText.pipe(z.enum(['0', '1']).optional()),
    SESSION_SECRET: optionalText.pipe(
      z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    ),
    ADMIN_NICKNAME: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]{1,8}$/, 'ADMIN_NICKNAME must be 1-8 letters or digits')
        .transform((nickname) => nickname.toUpperCase())
        .optional(),
    ),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
    ),
    // Demo albums and collectors on a fresh database: on by default outside production, never in it.
    SEED_DEMO: z.enum(['0', '1']).optional(),
    // How passwords are hashed (auth/password.ts): `test` only for the test suite, refused elsewhere.
    PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),
    // How many proxies stand in front of the app (`1` behind one load balancer), or the proxies' own
    // addresses/CIDRs, comma-separated: only the address the last trusted proxy saw counts as the client's.
    TRUST_PROXY: z
      .string()
      .trim()
      .default('0')
      .transform((value, ctx): false | number | string[] => {
        if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
        const addresses = value.split(',').map((part) => part.trim());
        if (addresses.every((part) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) return addresses;
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be a number of proxy hops (0-99) or a comma-separated list of proxy addresses',
        });
        return z.NEVER;
      }),
    // Accounts one IP address may register per hour (shared by every instance); 0 turns the limit off.
    REGISTRATION_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(20),
    // Where the built client is served from (the tests build one of their own per run).
    CLIENT_DIR: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    // On SIGTERM, how long the server goes on listening with /api/ready at 503, so that load balancers
    // polling it stop sending before connections are refused (docs/decisions/026). 5 s in production, 0
    // elsewhere: a restart in development or a test's stop waits for nothing.
    DRAIN_DELAY_MS: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(0).max(600_000).optional(),
    ),
    // How long a stopping server then lets the requests in flight finish (docs/decisions/026).
    DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // The watchdog of each LISTEN connection (docs/decisions/039): a heartbeat NOTIFY this often, and a
    // connection whose heartbeat is not back within the second figure is replaced.
    LISTEN_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
    LISTEN_STALL_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
    // Hashed client files of earlier builds, still served after a deploy (shared by instances if they can).
    ASSETS_ARCHIVE_DIR: optionalText,
    // Prometheus metrics (docs/decisions/027): on a port of their own, or on PORT behind this bearer token.
    METRICS_PORT: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, 'METRICS_PORT must be a port number')
        .transform(Number)
        .pipe(z.number().max(65535, 'METRICS_PORT must be a port number'))
        .optional(),
    ),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    ),
    // The operator's contact the /privacy page names (an e-mail or an address); unset, it says so.
    PRIVACY_CONTACT: optionalText.pipe(
      z.string().max(200, 'PRIVACY_CONTACT must be at most 200 characters').optional(),
    ),
    // Mail (docs/decisions/031): the SMTP server (smtp:// or smtps://, credentials in the URL), the sender,
    // and the origin of the links mails carry. Without SMTP_URL, development prints the mails in the log.
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: optionalText.pipe(z.string().optional()),
    PUBLIC_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
    ),
    // Web Push (docs/decisions/034): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints
    // it) and its subject, a contact the push services accept (Apple refuses anything but mailto: or https:).
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{87}$/,
          'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters)',
        )
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{43}$/,
          'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)',
        )
        .optional(),
    ),
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(
          /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/,
          'VAPID_SUBJECT must be a mailto: address or an https: URL',
        )
        .optional(),
    ),
    // More push services a subscription may point at, beyond the browsers' own: `host[:port]` (https) or
    // `http://host[:port]` (plain http too), comma-separated.
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const hosts = parseExtraPushHosts(value);
        if (hosts) return hosts;
        ctx.addIssue({
          code: 'custom',
          message: 'PUSH_ENDPOINT_HOSTS must be comma-separated host[:port] or http://host[:port] entries',
        });
        return z.NEVER;
      }),
  })
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
