/**
 * Writes a new migration in migrations/ from the difference between the entities and the schema that
 * the existing migrations build. Usage: npm run migration:create -- [name]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { openDatabase } from '../src/server/db/orm.ts';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-migration-'));
await fs.chmod(scratch, 0o755);
const postgres = await startEmbeddedPostgres(scratch, () => undefined);
try {
  const orm = await openDatabase(postgres.url);
  const result = await orm.migrator.create(undefined, false, false, process.argv[2]);
  console.log(
    result.fileName ? `Created migrations/${result.fileName}` : 'The schema is up to date: nothing to do.',
  );
  await orm.close();
} finally {
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}
