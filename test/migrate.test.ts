import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { DEFINITION_FILES } from '../src/server/db/definitions.ts';
import { apiClient } from './support/api-client.ts';
import { node24, startAppProcess } from './support/app-process.ts';
import { type ExternalPostgres, startDebianPostgres } from './support/debian-postgres.ts';
import { TEST_VAPID } from './support/production-env.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
let postgres: ExternalPostgres;
let dataDir: string;

beforeAll(async () => {
  postgres = await startDebianPostgres();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-migrate-'));
});

afterAll(async () => {
  await postgres?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function migrationFiles() {
  return (await fs.readdir(path.join(root, 'migrations'))).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.d.ts'),
  );
}

async function schemaRecords(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const migrations = await client.query<{ name: string }>('select name from mikro_orm_migrations');
    const definitions = await client.query<{ file: string }>('select file from schema_definition');
    const admins = await client.query<{ nickname: string }>('select nickname from app_user where is_admin');
    return {
      migrations: migrations.rows.map((row) => row.name),
      definitions: definitions.rows.map((row) => row.file),
      admins: admins.rows.map((row) => row.nickname),
    };
  } finally {
    await client.end();
  }
}

const migrate = (databaseUrl: string) =>
  run(node24, ['scripts/migrate.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
  });

test('npm run migrate applies every migration and definition once, and exits', async () => {
  const databaseUrl = await postgres.createDatabase('migrate_step');
  const first = await migrate(databaseUrl);
  expect(first.stdout.match(/Applied migration/g)).toHaveLength((await migrationFiles()).length);
  expect(first.stdout.match(/Applied definition/g)).toHaveLength(DEFINITION_FILES.length);
  const second = await migrate(databaseUrl);
  expect(second.stdout.trim()).toBe('Schema up to date');
});

test('npm run migrate without DATABASE_URL says what it needs', async () => {
  await expect(migrate('')).rejects.toMatchObject({ stderr: expect.stringContaining('needs DATABASE_URL') });
});

test('four instances started together on an empty database all become ready, the schema and the administrator made once', async () => {
  const databaseUrl = await postgres.createDatabase('four_instances');
  const instances = await Promise.all(
    [1, 2, 3, 4].map((n) =>
      startAppProcess(root, {
        NODE_ENV: 'production',
        ...TEST_VAPID,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: 'a-migrate-test-secret-of-32-chars-or-more',
        DATA_DIR: path.join(dataDir, `instance-${n}`),
        CLIENT_DIR: inject('clientDir'),
      }),
    ),
  );
  try {
    for (const instance of instances) {
      expect(await apiClient(instance.url).get('/api/health')).toMatchObject({ status: 200 });
    }
    const records = await schemaRecords(databaseUrl);
    expect(records.migrations.toSorted()).toEqual(
      (await migrationFiles()).map((file) => file.replace(/\.ts$/, '')).toSorted(),
    );
    expect(records.definitions.toSorted()).toEqual(DEFINITION_FILES.toSorted());
    const applied = instances.map((instance) => instance.output().match(/Applied migration/g)?.length ?? 0);
    expect(applied.toSorted()).toEqual([0, 0, 0, records.migrations.length]);
    // One generated administrator, not one each: its password in one instance's DATA_DIR.
    expect(records.admins).toEqual(['ADMIN']);
    const handedOver = instances.filter((instance) =>
      instance.output().includes('Created the administrator'),
    );
    expect(handedOver).toHaveLength(1);
  } finally {
    expect(await Promise.all(instances.map((instance) => instance.stop()))).toEqual([0, 0, 0, 0]);
  }
}, 120_000);
