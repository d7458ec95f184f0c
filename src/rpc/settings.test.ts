import fs from 'node:fs/promises';
import Fastify from 'fastify';
import { beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/support/admin-client.ts';
import { registeredUser } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { startTestServer } from '../../test/support/test-server.ts';
import { openDatabase } from '../server/db/orm.ts';
import { startScheduler } from '../server/settings/scheduler.ts';

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
    const freshAdmin = await adminClient(fresh);
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
    const secondAdmin = await adminClient(second);
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

test('with an external database its platform makes the backups: the settings say so and the app takes none', async () => {
  const fresh = await startTestServer();
  try {
    const freshAdmin = await adminClient(fresh);
    // A fresh database has 'Backup automatici' on and no backup yet; the first tick ran at start.
    const settings = await freshAdmin.get<{ backups: unknown; lastBackupAt: string | null }>(
      '/api/admin/settings',
    );
    expect(settings.body).toMatchObject({
      autoBackup: true,
      backups: { kind: 'external' },
      lastBackupAt: null,
    });
    expect(await fs.readdir(fresh.dataDir)).not.toContain('backups');
  } finally {
    await fresh.close();
  }
});

test("with 'Backup automatici' off no base backup is taken, and the archive is still pruned once a day", async () => {
  // The suite's server has autoBackup off (beforeAll).
  const orm = await openDatabase(server.databaseUrl);
  const calls: string[] = [];
  const scheduler = startScheduler({
    orm,
    env: { NODE_ENV: 'test' },
    backups: {
      info: { kind: 'embedded', retentionDays: 7, archiveTimeoutSeconds: 60 },
      prune: async () => {
        calls.push('prune');
        return { baseBackups: 0, walFiles: 0 };
      },
      takeNow: async () => {
        calls.push('take');
        throw new Error('no base backup while they are off');
      },
    },
    log: Fastify().log,
    pinnedLogLevel: 'silent',
  });
  try {
    await scheduler.tick();
    await scheduler.tick();
  } finally {
    await scheduler.stop();
    await orm.close();
  }
  expect(calls).toEqual(['prune']);
});
