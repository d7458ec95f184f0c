import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/support/admin-client.ts';
import { apiClient } from '../../test/support/api-client.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PRIVACY_CONTACT: 'privacy@figurine.example.it' } });
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
