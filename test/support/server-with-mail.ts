import { afterAll, beforeAll } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** Links in the mails point here. */
export const MAIL_PUBLIC_URL = 'https://figurine.example.it';

/** What `get` answers once it is there, read through on every use (methods bound to it). */
function readThrough<T extends object>(get: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = get();
      if (!target) throw new Error(`${what} starts in beforeAll: use it inside a test or a hook.`);
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The file's SMTP server and an app server that mails through it (links to MAIL_PUBLIC_URL), with `env`
 * besides, started in `beforeAll` and closed in `afterAll`; both read through to the running servers.
 */
export function setUpServerWithMail(env: Record<string, string> = {}) {
  let smtp: TestSmtpServer | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ env: { ...env, SMTP_URL: smtp.url, PUBLIC_URL: MAIL_PUBLIC_URL } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  return {
    smtp: readThrough(() => smtp, 'The SMTP server'),
    server: readThrough(() => server, 'The server'),
  };
}
