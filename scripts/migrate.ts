/**
 * `npm run migrate`: brings the database up to date (migrations, then the changed functions and triggers)
 * under the schema lock that start-up also takes (docs/decisions/023, 025), and exits. A deployment runs it
 * once before the new version's instances start; an instance that starts first just finds nothing to do.
 */
import { openDatabase } from '../src/server/db/orm.ts';
import { loadEnv } from '../src/server/env.ts';

const env = (() => {
  try {
    return loadEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
if (!env.DATABASE_URL) {
  console.error('npm run migrate needs DATABASE_URL (the embedded database is migrated by npm start)');
  process.exit(1);
}
try {
  // The schema is changed on the database itself, never through PgBouncer (docs/decisions/029).
  const orm = await openDatabase(env.DIRECT_DATABASE_URL ?? env.DATABASE_URL, (line) => console.log(line));
  await orm.close();
  console.log('Schema up to date');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
