import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/support/admin-client.ts';
import { registeredUser } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { startTestServer } from '../../test/support/test-server.ts';
import { openDatabase } from '../server/db/orm.ts';
import { BACKUPS_KEPT, backupDir, writeBackup } from '../server/settings/backup.ts';
import { runMaintenance } from '../server/settings/maintenance.ts';

// LOG_LEVEL unset: the admin's log level setting decides.
const { server, admin } = setUpServerWithAdmin({ env: { LOG_LEVEL: '' } });
beforeAll(async () => {
  await admin.put('/api/admin/settings', {
    maintenanceMode: 'manuale',
    logLevel: 'error',
    autoBackup: false,
  });
});

test('settings start from the spec defaults, are saved, and the log level applies at once', async () => {
  const fresh = await startTestServer();
  try {
    const freshAdmin = await adminClient(fresh.url);
    expect((await freshAdmin.get('/api/admin/settings')).body).toMatchObject({
      maintenanceMode: 'automatico',
      logLevel: 'info',
      autoBackup: true,
    });
  } finally {
    await fresh.close();
  }
  const saved = await admin.put('/api/admin/settings', {
    maintenanceMode: 'manuale',
    logLevel: 'warn',
    autoBackup: false,
  });
  expect(saved).toMatchObject({
    status: 200,
    body: { maintenanceMode: 'manuale', logLevel: 'warn', autoBackup: false, effectiveLogLevel: 'warn' },
  });
  expect((await admin.get('/api/admin/settings')).body).toMatchObject({
    logLevel: 'warn',
    effectiveLogLevel: 'warn',
  });
  await admin.put('/api/admin/settings', {
    maintenanceMode: 'manuale',
    logLevel: 'error',
    autoBackup: false,
  });
});

test('a second instance on the same database takes the log level from the settings', async () => {
  const second = await startTestServer({ databaseUrl: server.databaseUrl, env: { LOG_LEVEL: '' } });
  try {
    const secondAdmin = await adminClient(second.url);
    expect((await secondAdmin.get('/api/admin/settings')).body).toMatchObject({ effectiveLogLevel: 'error' });
  } finally {
    await second.close();
  }
});

test('bad settings are refused with Italian messages', async () => {
  const cases: [unknown, string][] = [
    [
      { maintenanceMode: 'sempre', logLevel: 'info', autoBackup: true },
      'Modalità di manutenzione non valida',
    ],
    [{ maintenanceMode: 'manuale', logLevel: 'verbose', autoBackup: true }, 'Livello di log non valido'],
    [
      { maintenanceMode: 'manuale', logLevel: 'info', autoBackup: 'sì' },
      'Indica se attivare i backup automatici',
    ],
  ];
  for (const [body, message] of cases) {
    expect(await admin.put('/api/admin/settings', body)).toMatchObject({ status: 400, body: { message } });
  }
});

test('manual maintenance removes expired sessions; disabled maintenance refuses to run', async () => {
  const collector = await registeredUser(server.url);
  await sql(
    server.databaseUrl,
    "update user_session set expires_at = now() - interval '1 day' where user_id = $1",
    [collector.id],
  );
  const run = await admin.post('/api/admin/maintenance/run');
  expect(run).toMatchObject({ status: 200, body: { sessionsRemoved: 1 } });
  expect((await admin.get('/api/admin/settings')).body).toMatchObject({
    lastMaintenanceAt: expect.any(String),
  });

  await admin.put('/api/admin/settings', {
    maintenanceMode: 'disabilitato',
    logLevel: 'error',
    autoBackup: false,
  });
  expect(await admin.post('/api/admin/maintenance/run')).toMatchObject({
    status: 409,
    body: { message: 'La manutenzione è disabilitata: cambia la modalità per eseguirla' },
  });
  await admin.put('/api/admin/settings', {
    maintenanceMode: 'manuale',
    logLevel: 'error',
    autoBackup: false,
  });
});

test('a backup holds every table as JSON lines, and only the last seven are kept', async () => {
  const collector = await registeredUser(server.url);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-backup-'));
  const orm = await openDatabase(server.databaseUrl);
  try {
    for (let day = 1; day <= BACKUPS_KEPT + 2; day++) {
      await writeBackup(orm.em.fork(), dataDir, new Date(Date.UTC(2026, 0, day)));
    }
    const files = (await fs.readdir(backupDir(dataDir))).sort();
    expect(files).toHaveLength(BACKUPS_KEPT);
    expect(files[0]).toBe('backup-2026-01-03T00-00-00-000Z.jsonl.gz');
    const lines = gunzipSync(await fs.readFile(path.join(backupDir(dataDir), files.at(-1) as string)))
      .toString()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({
      backup: 'scambio-figurine',
      tables: expect.arrayContaining(['app_user', 'album']),
    });
    expect(lines).toContainEqual({
      table: 'app_user',
      row: expect.objectContaining({ nickname: collector.nickname }),
    });
    expect(await runMaintenance(orm.em.fork())).toMatchObject({ sessionsRemoved: 0 });
  } finally {
    await orm.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

test('with automatic backups on, the scheduler writes a backup into the data dir once a day', async () => {
  const dataDirServer = await startTestServer();
  // (its data dir is removed by close(); lastBackupAt says the file was written there)
  try {
    // A fresh database has autoBackup on and no backup yet: the first tick at start writes one.
    const admin2 = await adminClient(dataDirServer.url);
    await expect
      .poll(
        async () =>
          (await admin2.get<{ lastBackupAt: string | null }>('/api/admin/settings')).body.lastBackupAt,
      )
      .not.toBeNull();
  } finally {
    await dataDirServer.close();
  }
});
