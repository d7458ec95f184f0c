import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import pg from 'pg';
import { connectionConfig, describeDatabase } from './connection-config.ts';
import { applyDefinitions } from './definitions.ts';
import { Album } from './entities/album.ts';
import { Match } from './entities/match.ts';
import { Session } from './entities/session.ts';
import { Sticker } from './entities/sticker.ts';
import { User } from './entities/user.ts';
import { migrateJobQueue } from './job-queue-schema.ts';

export const entities = [User, Session, Album, Sticker, Match];

const migrationsDir = fileURLToPath(new URL('../../../migrations', import.meta.url));

/** MikroORM's pool holds at most this many connections unless DATABASE_POOL_MAX says otherwise. */
export const ORM_POOL_MAX = 10;

export function ormOptions(clientUrl: string, poolMax = ORM_POOL_MAX): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl,
    // MikroORM reads host, port, user and database from clientUrl and drops the rest (sslmode above
    // all): its pool takes the same configuration as every other connection of the app.
    driverOptions: connectionConfig(clientUrl, 'orm'),
    entities,
    extensions: [Migrator],
    migrations: {
      path: migrationsDir,
      pathTs: migrationsDir,
      glob: '!(*.d).ts',
      silent: true,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      // Tables that no entity describes (rate_limit, collection) are ours too: a generated diff must never drop them.
      dropTables: false,
    },
    pool: { min: 0, max: poolMax },
    debug: false,
    allowGlobalContext: false,
  };
}

/**
 * Taken, for the length of a session, by whoever changes the schema: two app servers starting together
 * apply migrations and definitions one after the other, never both at once (docs/decisions/023).
 */
export const SCHEMA_LOCK = 72_410_023;

export type OpenDatabaseOptions = {
  /** Where the schema is changed, under a session's lock: the database itself when `clientUrl` is PgBouncer. */
  directUrl?: string | undefined;
  /** The most connections MikroORM's pool opens. */
  poolMax?: number | undefined;
};

/**
 * Connects to `clientUrl` and brings the schema up to date first: every pending migration, then the
 * functions and triggers whose files changed (db/definitions.ts), then the job queue's schema
 * (job-queue-schema.ts), all under the schema lock, through `directUrl` when it is given (docs/decisions/029).
 */
export async function openDatabase(
  clientUrl: string,
  print: (line: string) => void = () => undefined,
  { directUrl = clientUrl, poolMax }: OpenDatabaseOptions = {},
) {
  const orm = await MikroORM.init(ormOptions(clientUrl, poolMax));
  try {
    if (directUrl === clientUrl) {
      await migrate(orm, directUrl, print);
    } else {
      const direct = await MikroORM.init(ormOptions(directUrl, 1));
      try {
        await migrate(direct, directUrl, print);
      } finally {
        await direct.close();
      }
    }
  } catch (error) {
    await orm.close();
    throw error;
  }
  return orm;
}

async function migrate(orm: MikroORM, url: string, print: (line: string) => void) {
  const lockHolder = new pg.Client(connectionConfig(url, 'schema'));
  try {
    await lockHolder.connect().catch((error: Error) => {
      throw new Error(`Cannot connect to the database at ${describeDatabase(url)}: ${error.message}`, {
        cause: error,
      });
    });
    await lockHolder.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    for (const migration of await orm.migrator.up()) print(`Applied migration ${migration.name}`);
    for (const file of await applyDefinitions(lockHolder)) print(`Applied definition ${file}`);
    await migrateJobQueue(url);
  } finally {
    // Ending the session releases the lock.
    await lockHolder.end();
  }
}
