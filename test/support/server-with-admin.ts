import { afterAll, beforeAll } from 'vitest';
import { logInAsAdmin } from './admin-client.ts';
import { apiClient } from './api-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * The file's server and a client logged in as its administrator, started in `beforeAll` and closed in
 * `afterAll`. Both read through to the running server, so tests and helpers hold them from the top of the
 * file. The administrator logs in once per file: the server allows 30 logins per account in 15 minutes.
 */
export function setUpServerWithAdmin(options: Parameters<typeof startTestServer>[0] = {}) {
  let running: TestServer | undefined;
  const started = () => {
    if (!running) throw new Error('The server starts in beforeAll: use it inside a test or a hook.');
    return running;
  };
  const server: Pick<TestServer, 'url' | 'databaseUrl'> = {
    get url() {
      return started().url;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
  };
  const admin = apiClient(server);
  beforeAll(async () => {
    running = await startTestServer(options);
    await logInAsAdmin(admin, server);
  });
  afterAll(() => running?.close());
  return { server, admin };
}
