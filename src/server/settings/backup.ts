import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';

export const BACKUPS_KEPT = 7;
const BATCH = 5000;

export const backupDir = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * A dump of every table of the app as gzipped JSON lines (`{"table": …, "row": …}`), written to
 * DATA_DIR/backups; only the newest BACKUPS_KEPT stay. A JSON dump needs no pg_dump binary of the
 * server's exact version, which the embedded PostgreSQL does not ship.
 */
export async function writeBackup(em: EntityManager, dataDir: string, now = new Date()): Promise<string> {
  const dir = backupDir(dataDir);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `backup-${now.toISOString().replace(/[:.]/g, '-')}.jsonl.gz`);
  const partial = `${file}.partial`;
  await em.transactional(async (tx) => {
    // One snapshot for every table, so the dump is consistent.
    await tx.execute('set transaction isolation level repeatable read, read only');
    const tables = await tx.execute<{ name: string }[]>(
      "select tablename as name from pg_tables where schemaname = current_schema() and tablename <> 'mikro_orm_migrations' order by tablename",
    );
    await pipeline(
      dumpLines(
        tx,
        tables.map((table) => table.name),
        now,
      ),
      createGzip(),
      fs.createWriteStream(partial),
    );
  });
  await fsp.rename(partial, file);
  await pruneBackups(dir);
  return file;
}

async function* dumpLines(em: EntityManager, tables: string[], now: Date) {
  yield `${JSON.stringify({ backup: 'scambio-figurine', createdAt: now.toISOString(), tables })}\n`;
  for (const table of tables) {
    for (let offset = 0; ; offset += BATCH) {
      const rows = await em.execute<{ row: string }[]>(
        `select row_to_json(t)::text as row from "${table}" t order by ctid limit ${BATCH} offset ${offset}`,
      );
      for (const { row } of rows) yield `{"table":${JSON.stringify(table)},"row":${row}}\n`;
      if (rows.length < BATCH) break;
    }
  }
}

async function pruneBackups(dir: string) {
  const files = (await fsp.readdir(dir)).filter((name) => /^backup-.*\.jsonl\.gz$/.test(name)).sort();
  for (const old of files.slice(0, Math.max(0, files.length - BACKUPS_KEPT))) {
    await fsp.rm(path.join(dir, old), { force: true });
  }
}
