import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import pg from 'pg';
import { applyDefinitions } from './definitions.ts';
import { Album } from './entities/album.ts';
import { Match } from './entities/match.ts';
import { Session } from './entities/session.ts';
import { Sticker } from './entities/sticker.ts';
import { User } from './entities/user.ts';

export const entities = [User, Session, Album, Sticker, Match];

const migrationsDir = fileURLToPath(new URL('../../../migrations', import.meta.url));

export function ormOptions(clientUrl: string): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl,
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
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
  };
}

/**
 * Taken, for the length of a session, by whoever changes the schema: two app servers starting together
 * apply migrations and definitions one after the other, never both at once (docs/decisions/023).
 */
export const SCHEMA_LOCK = 72_410_023;

/**
 * Connects and brings the schema up to date: every pending migration, then the functions and triggers
 * whose files changed (db/definitions.ts), all under the schema lock.
 */
export async function openDatabase(clientUrl: string, print: (line: string) => void = () => undefined) {
  const orm = await MikroORM.init(ormOptions(clientUrl));
  const lockHolder = new pg.Client({ connectionString: clientUrl });
  try {
    await lockHolder.connect();
    await lockHolder.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    for (const migration of await orm.migrator.up()) print(`Applied migration ${migration.name}`);
    for (const file of await applyDefinitions(lockHolder)) print(`Applied definition ${file}`);
  } catch (error) {
    await orm.close();
    throw error;
  } finally {
    // Ending the session releases the lock.
    await lockHolder.end();
  }
  return orm;
}
