import { afterAll, beforeAll } from 'vitest';
import { readThrough } from './read-through.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** Links in the mails point here. */
export const MAIL_PUBLIC_URL = 'https://figurine.example.it';

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
