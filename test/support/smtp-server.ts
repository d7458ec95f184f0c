import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string | false;
  raw: ParsedMail;
};

/**
 * A real SMTP server on 127.0.0.1 for the tests: the app sends to it (SMTP_URL: `url`), the test reads
 * what arrived, parsed by mailparser. waitForMails waits, bounded, for the mails of one recipient.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  let toRefuse = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (toRefuse > 0) {
        toRefuse -= 1;
        refused += 1;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Prova: servizio non disponibile'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          const recipients = [parsed.to ?? []]
            .flat()
            .flatMap((address) => address.value.map((one) => (one.address ?? '').toLowerCase()));
          received.push({
            to: recipients,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? false,
            raw: parsed,
          });
          for (const listener of listeners) listener();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (recipient: string) => received.filter((mail) => mail.to.includes(recipient.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo,
    /** Answers the next `count` mails with a temporary failure (451), as a server that is away would. */
    refuseNext(count: number) {
      toRefuse = count;
    },
    /** How many mails were refused so far. */
    get refused() {
      return refused;
    },
    /** The first `count` mails to `recipient`, once they have arrived; fails after `timeoutMs`. */
    waitForMails(recipient: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mails = mailsTo(recipient);
          if (mails.length < count) return;
          cleanUp();
          resolve(mails.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`${count} mail(s) to ${recipient} did not arrive in ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The token of the link to `path` in a mail's text part. */
export function tokenOfLink(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=([A-Za-z0-9._%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no link to ${path} in:\n${text}`);
  return decodeURIComponent(match[1]);
}
