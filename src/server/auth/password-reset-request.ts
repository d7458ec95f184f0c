import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { User } from '../db/entities/user.ts';
import type { Env } from '../env.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { appLink } from '../mail/mail-sender.ts';
import { issueToken } from './account-tokens.ts';

const PASSWORD_RESET_REQUEST = 'password_reset_request';

/** Reset links one account receives in an hour, however it is asked for (beyond: no mail, same answer). */
export const RESET_LINKS_PER_HOUR = 3;

type MailEnv = Pick<Env, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;

/**
 * 'Password dimenticata?': queues the request in the caller's transaction and nothing else, so the answer
 * takes the same work whether or not `login` names an account (no enumeration, not even by timing). The
 * queue's worker then looks the account up and mails the link (passwordResetTasks).
 */
export async function requestPasswordReset(em: EntityManager, login: string): Promise<void> {
  await enqueueJob(em, PASSWORD_RESET_REQUEST, { login });
}

/** The account a login names: a nickname, or an address that account has verified. */
async function accountOf(em: EntityManager, login: string) {
  const user = login.includes('@')
    ? await em.findOne(User, { email: login.toLowerCase(), emailVerifiedAt: { $ne: null } })
    : await em.findOne(User, { nickname: login.toUpperCase() });
  if (!user?.email || !user.emailVerifiedAt || !user.isActive || user.isDemo) return undefined;
  return user;
}

async function resetLinksLastHour(em: EntityManager, userId: number) {
  const [row] = await em.execute<{ count: number }[]>(
    `select count(*)::int as count from account_token
      where user_id = ? and purpose = 'reset_password' and created_at > now() - interval '1 hour'`,
    [userId],
  );
  return row?.count ?? 0;
}

function resetMail(env: MailEnv, nickname: string, email: string, token: string) {
  const link = appLink(env, '/reimposta-password', token);
  return {
    to: email,
    subject: 'Reimposta la password di Scambio Figurine',
    text: [
      `Ciao ${nickname},`,
      '',
      'hai chiesto di reimpostare la password del tuo account di Scambio Figurine. Apri questo link per',
      "sceglierne una nuova (vale un'ora e si usa una volta sola):",
      '',
      link,
      '',
      "Se non l'hai chiesto tu, ignora questa e-mail: la tua password resta quella di prima.",
    ].join('\n'),
  };
}

/** The queue's task behind requestPasswordReset: a verified address receives a link (1 hour, single use). */
export function passwordResetTasks(orm: MikroORM, env: MailEnv): Record<string, Task> {
  const payload = z.object({ login: z.string() });
  return {
    [PASSWORD_RESET_REQUEST]: async (job) => {
      const { login } = payload.parse(job);
      await (orm.em.fork() as EntityManager).transactional(async (em) => {
        const user = await accountOf(em, login);
        if (!user?.email) return;
        // One request of an account at a time (two workers, nickname and address at once): the count holds.
        await em.execute('select id from app_user where id = ? for update', [user.id]);
        if ((await resetLinksLastHour(em, user.id)) >= RESET_LINKS_PER_HOUR) return;
        const token = await issueToken(em, { userId: user.id, purpose: 'reset_password', email: user.email });
        await enqueueMail(em, resetMail(env, user.nickname, user.email, token));
      });
    },
  };
}
