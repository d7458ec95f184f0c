import type pg from 'pg';
import { parse, toClientConfig } from 'pg-connection-string';

/**
 * What each of the app's connections is for, sent as its `application_name` (so `pg_stat_activity`,
 * `pg_stat_ssl` and PgBouncer's SHOW CLIENTS name them). The first three carry the API's transactions and
 * may go through PgBouncer in transaction mode; the others hold a session (LISTEN, the schema's advisory
 * lock, cursors, a start-up `options` parameter) and need the database itself (docs/decisions/029).
 */
export type ConnectionRole =
  | 'orm'
  | 'queries'
  | 'taps'
  | 'listen'
  | 'schema'
  | 'index'
  | 'index-listen'
  | 'backup'
  | 'jobs';

/** The two addresses of the database: `pooled` may be PgBouncer, `direct` never is. */
export type DatabaseUrls = { pooled: string; direct: string };

/**
 * A `pg` configuration for `url` with libpq's meaning of `sslmode` (`require`: encrypted, the certificate
 * not checked; `verify-ca` and `verify-full` check it against `sslrootcert`, or the system's CAs for
 * `verify-full`; `prefer` encrypts or fails, as `pg` cannot fall back). Every pool and client of the app
 * is made from it, MikroORM's included: none may connect in the clear when the URL asks for TLS.
 */
export function connectionConfig(url: string, role: ConnectionRole): pg.ClientConfig {
  return {
    ...toClientConfig(parse(url, { useLibpqCompat: true })),
    application_name: `scambio-figurine/${role}`,
  };
}

/** The same, for a pool of at most `max` connections. */
export function poolConfig(url: string, role: ConnectionRole, max: number): pg.PoolConfig {
  return { ...connectionConfig(url, role), max };
}

/** Where `url` points, for an operator's message: host, port, database and sslmode, never the password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  const sslmode = parsed.searchParams.get('sslmode');
  return `${parsed.host}${parsed.pathname}${sslmode ? ` (sslmode=${sslmode})` : ''}`;
}
