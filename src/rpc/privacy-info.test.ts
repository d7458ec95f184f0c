import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/support/admin-client.ts';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { sql } from '../../test/support/sql.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { italianMonth } from './schemas/age-band-rule.ts';
import { TERMS_VERSION } from './schemas/terms.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      PRIVACY_CONTACT: 'privacy@figurine.example.it',
      OPERATOR_NAME: 'Figurine Aperte S.r.l.',
      OPERATOR_ADDRESS: 'Via Roma 1, 20121 Milano',
      OPERATOR_TAX_ID: '01234567890',
      USERS_CONTACT: 'aiuto@figurine.example.it',
      AUTHORITIES_CONTACT: 'autorita@figurine.example.it',
    },
  });
});
afterAll(() => server.close());

test("the /privacy page's facts: the operator's contact and the retention the code applies, for anyone", async () => {
  const response = await apiClient(server.url).get('/api/privacy');
  expect(response).toMatchObject({
    status: 200,
    body: {
      contact: 'privacy@figurine.example.it',
      sessionDays: 30,
      sessionsKept: 20,
      resolvedReportsKeptDays: 90,
      endedSwapsKeptDays: 90,
      automaticCleanUp: true,
    },
  });
  const admin = await adminClient(server);
  const settings = await admin.get<Record<string, unknown>>('/api/admin/settings');
  expect(
    (await admin.put('/api/admin/settings', { ...pick(settings.body), maintenanceMode: 'manuale' })).status,
  ).toBe(200);
  expect((await apiClient(server.url).get('/api/privacy')).body).toMatchObject({ automaticCleanUp: false });
});

function pick(settings: Record<string, unknown>) {
  return {
    maintenanceMode: settings.maintenanceMode,
    logLevel: settings.logLevel,
    autoBackup: settings.autoBackup,
  };
}

test('/contatti: who runs the service and where users, authorities and privacy requests write, for anyone', async () => {
  expect(await apiClient(server.url).get('/api/contatti')).toMatchObject({
    status: 200,
    body: {
      operator: { name: 'Figurine Aperte S.r.l.', address: 'Via Roma 1, 20121 Milano', taxId: '01234567890' },
      users: 'aiuto@figurine.example.it',
      authorities: 'autorita@figurine.example.it',
      privacy: 'privacy@figurine.example.it',
    },
  });
});

type Me = { termsOutdated: boolean };

test('signing up accepts the Termini in force; an account that accepted none, or an older version, is told once until it says it read them', async () => {
  const anna = await registeredUser(server.url);
  expect((await anna.api.get<Me>('/api/auth/me')).body.termsOutdated).toBe(false);
  const stored = async () =>
    (
      await sql<{ terms_version: string | null; accepted: boolean }>(
        server.databaseUrl,
        'select terms_version, terms_accepted_at is not null as accepted from app_user where id = $1',
        [anna.id],
      )
    )[0];
  expect(await stored()).toEqual({ terms_version: TERMS_VERSION, accepted: true });

  // An account from before the Termini, or one that accepted an older text.
  for (const version of [null, '2026-01-01']) {
    await sql(
      server.databaseUrl,
      'update app_user set terms_version = $2, terms_accepted_at = null where id = $1',
      [anna.id, version],
    );
    expect((await anna.api.get<Me>('/api/auth/me')).body.termsOutdated).toBe(true);
  }
  const refusals = await Promise.all([
    anna.api.post('/api/user/terms', { version: '2026-01-01' }),
    anna.api.post('/api/user/terms', {}),
    apiClient(server.url).post('/api/user/terms', { version: TERMS_VERSION }),
  ]);
  expect(refusals.map((answer) => [answer.status, (answer.body as { message?: string }).message])).toEqual([
    [400, 'Questa versione dei Termini non è più in vigore: ricarica la pagina'],
    [400, 'Indica la versione dei Termini'],
    [401, expect.any(String)],
  ]);
  const read = await anna.api.post<Me>('/api/user/terms', { version: TERMS_VERSION });
  expect(read).toMatchObject({ status: 200, body: { termsOutdated: false } });
  expect(await stored()).toEqual({ terms_version: TERMS_VERSION, accepted: true });

  // A child profile's Termini are its parent's: never asked of it, and it cannot answer for the account.
  await sql(
    server.databaseUrl,
    "update app_user set email = 'genitore.' || id || '@example.it', email_verified_at = now() where id = $1",
    [anna.id],
  );
  const child = await anna.api.post<{ id: number }>('/api/user/children', {
    nickname: `Termini${anna.id}`,
    birthYear: italianMonth(new Date()).year - 9,
    birthMonth: 1,
    parentalResponsibility: true,
  });
  expect((await anna.api.post('/api/auth/profile', { profileId: child.body.id })).status).toBe(200);
  expect((await anna.api.get<Me>('/api/auth/me')).body.termsOutdated).toBe(false);
  expect((await anna.api.post('/api/user/terms', { version: TERMS_VERSION })).status).toBe(403);
});
