/**
 * `npm run demo:remove`: deletes every demo collector (SEED_DEMO, docs/decisions/028) and what cascades
 * from them (collections, spares, chats, sessions). They are not seeded again: the database remembers
 * it had them. Uses DATABASE_URL, else the embedded database in DATA_DIR, which must not be in use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { openDatabase } from '../src/server/db/orm.ts';
import { loadEnv } from '../src/server/env.ts';
import { removeDemoCollectors } from '../src/server/users/demo-collectors.ts';

try {
  const env = loadEnv();
  if (!env.DATABASE_URL && fs.existsSync(path.join(env.dataDir, 'postgres', 'postmaster.pid'))) {
    throw new Error(`The embedded database in ${env.dataDir} is in use: stop npm start first`);
  }
  const embedded = env.DATABASE_URL ? undefined : await startEmbeddedPostgres(env.dataDir, console.log);
  try {
    const orm = await openDatabase(env.DATABASE_URL ?? (embedded?.url as string), console.log, {
      directUrl: env.DIRECT_DATABASE_URL,
    });
    try {
      console.log(`Demo collectors removed: ${await removeDemoCollectors(orm.em.fork())}`);
    } finally {
      await orm.close();
    }
  } finally {
    await embedded?.stop();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
