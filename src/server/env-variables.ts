import { z } from 'zod';

/*
 * Each configuration variable alone: its type, its default, its own limits. What the variables say
 * together (a production server's refusals, the pairs set together) and what follows from them is env.ts.
 */

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

export const port = z.coerce.number().int().min(0).max(65535).default(3000);

/** Every variable the app reads, each checked on its own. */
export const envVariables = z.object({
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
  // 'Non disturbare' for a new account (issue 48, row 5): 'HH:MM-HH:MM' on Italy's clock, or 'none'. The
  // test suite says none: its alerts are asserted at any hour of the day it runs.
  QUIET_HOURS_DEFAULT: z
    .string()
    .trim()
    .regex(
      /^(none|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)$/,
      'QUIET_HOURS_DEFAULT must be HH:MM-HH:MM or none',
    )
    .default('21:00-08:00'),
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
  // Who runs the service and where to write (issue 47, DSA arts. 11–12), as /contatti and /termini say:
  // the operator's name, registered address and tax id, the point of contact for users and the one for
  // the authorities. Unset, the pages say 'non configurato'.
  OPERATOR_NAME: optionalText.pipe(
    z.string().max(200, 'OPERATOR_NAME must be at most 200 characters').optional(),
  ),
  OPERATOR_ADDRESS: optionalText.pipe(
    z.string().max(200, 'OPERATOR_ADDRESS must be at most 200 characters').optional(),
  ),
  OPERATOR_TAX_ID: optionalText.pipe(
    z.string().max(40, 'OPERATOR_TAX_ID must be at most 40 characters').optional(),
  ),
  USERS_CONTACT: optionalText.pipe(
    z.string().max(200, 'USERS_CONTACT must be at most 200 characters').optional(),
  ),
  AUTHORITIES_CONTACT: optionalText.pipe(
    z.string().max(200, 'AUTHORITIES_CONTACT must be at most 200 characters').optional(),
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
});
