import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
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

/** Connects and brings the schema up to date by applying every pending migration. */
export async function openDatabase(clientUrl: string, print: (line: string) => void = () => undefined) {
  const orm = await MikroORM.init(ormOptions(clientUrl));
  for (const migration of await orm.migrator.up()) print(`Applied migration ${migration.name}`);
  return orm;
}
