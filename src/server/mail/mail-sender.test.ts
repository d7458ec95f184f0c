import { expect, test } from 'vitest';
import { TEST_VAPID } from '../../../test/support/production-env.ts';
import { startSmtpServer } from '../../../test/support/smtp-server.ts';
import { loadEnv } from '../env.ts';
import { appLink, mailSender, requireMail } from './mail-sender.ts';

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  EMBEDDED_DB: '1',
  ...TEST_VAPID,
};
const silentLog = { info: () => undefined } as never;

test('mail settings: defaults, URLs checked, PUBLIC_URL required in production with SMTP_URL', () => {
  expect(loadEnv({ PORT: '4000' }).SMTP_URL).toBeUndefined();
  expect(loadEnv({ PORT: '4000' })).toMatchObject({
    MAIL_FROM: 'Scambio Figurine <noreply@localhost>',
    PUBLIC_URL: 'http://localhost:4000',
  });
  expect(loadEnv({ PUBLIC_URL: 'https://figurine.example.it/' }).PUBLIC_URL).toBe(
    'https://figurine.example.it',
  );
  expect(() => loadEnv({ SMTP_URL: 'http://mail.example.it' })).toThrow(/SMTP_URL must be an smtp/);
  expect(() => loadEnv({ PUBLIC_URL: 'figurine.example.it' })).toThrow(/PUBLIC_URL must be an http/);
  expect(() => loadEnv({ ...production, SMTP_URL: 'smtps://u:p@mail.example.it' })).toThrow(
    /PUBLIC_URL .* is required with SMTP_URL/,
  );
  const env = loadEnv({ ...production, SMTP_URL: 'smtps://u:p@mail.example.it', PUBLIC_URL: 'https://f.it' });
  expect(appLink(env, '/verifica-email', 'AB_C-1')).toBe('https://f.it/verifica-email?token=AB_C-1');
});

test('production without SMTP_URL refuses what needs mail, in Italian; development does not', () => {
  expect(() => requireMail(loadEnv(production))).toThrow(
    "L'invio di e-mail non è configurato su questo server",
  );
  expect(() => requireMail(loadEnv({}))).not.toThrow();
  expect(() =>
    requireMail(loadEnv({ ...production, SMTP_URL: 'smtp://h', PUBLIC_URL: 'https://f.it' })),
  ).not.toThrow();
});

test('a mail goes out over SMTP from MAIL_FROM with its plain-text part (and the HTML one when given)', async () => {
  const smtp = await startSmtpServer();
  const sender = mailSender(
    loadEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'Figurine <ciao@figurine.example.it>' }),
    silentLog,
  );
  try {
    await sender.send({
      to: 'anna@example.it',
      subject: 'Ciao',
      text: 'Solo testo',
      html: '<p>Anche HTML</p>',
    });
    const [mail] = await smtp.waitForMails('anna@example.it');
    expect(mail?.raw.from?.value).toEqual([{ address: 'ciao@figurine.example.it', name: 'Figurine' }]);
    expect(mail).toMatchObject({ subject: 'Ciao', text: 'Solo testo', html: '<p>Anche HTML</p>' });
  } finally {
    sender.close();
    await smtp.close();
  }
});
