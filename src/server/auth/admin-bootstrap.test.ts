import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { apiClient } from '../../../test/support/api-client.ts';
import { logLines } from '../../../test/support/log-lines.ts';
import { TEST_VAPID } from '../../../test/support/production-env.ts';
import { startTestServer } from '../../../test/support/test-server.ts';

test("in production the generated administrator's password goes to a mode-600 file in DATA_DIR, never to the log", async () => {
  const log = logLines();
  const server = await startTestServer({
    env: { NODE_ENV: 'production', ...TEST_VAPID, ADMIN_NICKNAME: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'info' },
    logDestination: log.destination,
  });
  try {
    const file = path.join(server.dataDir, 'admin-password');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const password = (await fs.readFile(file, 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(log.text).not.toContain(password);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        msg: expect.stringContaining(`Created the administrator ADMIN; its password is in ${file}`),
      }),
    );
    const login = await apiClient(server).post('/api/auth/login', { nickname: 'ADMIN', password });
    expect(login).toMatchObject({ status: 200, body: { nickname: 'ADMIN', isAdmin: true } });
  } finally {
    await server.close();
  }
});
