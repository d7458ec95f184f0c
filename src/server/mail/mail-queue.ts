import type { EntityManager } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { MailSender } from './mail-sender.ts';

/**
 * One mail: every mail has a plain-text part; `html` is optional. `unsubscribeUrl` makes it a list mail
 * with a one-click unsubscribe (RFC 2369 and 8058): the alerts' mails.
 */
export type Mail = { to: string; subject: string; text: string; html?: string; unsubscribeUrl?: string };

const SEND_MAIL = 'send_mail';

const mailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  unsubscribeUrl: z.string().optional(),
});

/**
 * Queues `mail` in the caller's transaction (`em`): it is sent once that commits, by whichever instance's
 * worker takes it (the job is locked meanwhile); a crash never loses it, and a failed send is retried.
 */
export async function enqueueMail(
  em: EntityManager,
  mail: Mail,
  { runAt }: { runAt?: Date } = {},
): Promise<void> {
  await enqueueJob(em, SEND_MAIL, mailPayload.parse(mail), runAt ? { runAt } : {});
}

/** The queue's task that sends one mail: a throw (SMTP refused, unreachable) has it retried later. */
export function mailTasks(sender: MailSender): Record<string, Task> {
  return {
    [SEND_MAIL]: async (payload) => {
      await sender.send(mailPayload.parse(payload));
    },
  };
}
