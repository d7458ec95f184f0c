import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { DomainError } from '../domain-error.ts';
import type { Env } from '../env.ts';
import type { Mail } from './mail-queue.ts';

export const MAIL_NOT_CONFIGURED_MESSAGE = "L'invio di e-mail non è configurato su questo server";

type MailEnv = Pick<Env, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;

/** Whether this server sends mail: SMTP_URL, or development and tests (their mails go to the log). */
export const sendsMail = (env: Pick<Env, 'NODE_ENV' | 'SMTP_URL'>) =>
  Boolean(env.SMTP_URL) || env.NODE_ENV !== 'production';

/** Refuses, in Italian, what needs mail on a production server without SMTP_URL. */
export function requireMail(env: MailEnv): void {
  if (!sendsMail(env)) throw new DomainError('BAD_REQUEST', MAIL_NOT_CONFIGURED_MESSAGE);
}

/** A link to the app's `path` with `token` in its query, on PUBLIC_URL's origin. */
export function appLink(env: MailEnv, path: string, token: string): string {
  return `${env.PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;
}

export type MailSender = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Sends through SMTP_URL (nodemailer) from MAIL_FROM; without SMTP_URL the mail, its text (so its link)
 * included, goes to the log instead.
 */
export function mailSender(env: MailEnv, log: Logger): MailSender {
  if (!env.SMTP_URL) {
    return {
      async send(mail) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `Mail not sent (no SMTP_URL):\n${mail.text}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(env.SMTP_URL);
  return {
    async send(mail) {
      await transport.sendMail({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.unsubscribeUrl && {
          list: { unsubscribe: mail.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }),
      });
    },
    close: () => transport.close(),
  };
}
