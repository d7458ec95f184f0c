import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { italianDay } from '../../rpc/schemas/italian-dates.ts';

import { TERMS_VERSION } from '../../rpc/schemas/terms.ts';
import type { Env } from '../env.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { sendsMail } from '../mail/mail-sender.ts';

const TERMS_NOTICE = 'terms_notice';
/** Collectors mailed per job: a million accounts are 2,000 short jobs, one after another. */
const BATCH = 500;
const payload = z.object({ version: z.string(), afterId: z.number().int() });

type NoticeEnv = Pick<Env, 'NODE_ENV' | 'SMTP_URL' | 'PUBLIC_URL'>;

/**
 * The Termini changed (issue 47, row 1: 'notice of changes by e-mail 15 days ahead'): the daily clean-up
 * announces a version in force the first time it runs with it — once, whichever instance claims it — by a
 * mail to every collector with a verified address who accepted another one. A new version is therefore
 * published with a date at least 16 days ahead (docs/decisions/051).
 */
export async function announceTermsChange(tx: EntityManager, env: Pick<Env, 'NODE_ENV' | 'SMTP_URL'>) {
  if (!sendsMail(env)) return;
  const claimed = await tx.execute(
    'insert into terms_notice (version) values (?) on conflict do nothing returning version',
    [TERMS_VERSION],
  );
  if (claimed.length > 0) await enqueueJob(tx, TERMS_NOTICE, { version: TERMS_VERSION, afterId: 0 });
}

function noticeMail(env: NoticeEnv, nickname: string, email: string, version: string) {
  return {
    to: email,
    subject: 'I Termini di Scambio Figurine cambiano',
    text: [
      `Ciao ${nickname},`,
      '',
      `dal ${italianDay(`${version}T12:00:00Z`)} valgono i nuovi Termini di servizio di Scambio Figurine:`,
      '',
      `${env.PUBLIC_URL ?? ''}/termini`,
      '',
      "Alla prossima visita l'app te li mostra. Se non sei d'accordo puoi scaricare i tuoi dati ed eliminare",
      "l'account da Profilo, quando vuoi.",
    ].join('\n'),
  };
}

/** One batch of the announcement, in one transaction with the next batch's job. */
export function termsNoticeTasks(orm: MikroORM, env: NoticeEnv): Record<string, Task> {
  return {
    [TERMS_NOTICE]: async (job) => {
      const { version, afterId } = payload.parse(job);
      await (orm.em.fork() as EntityManager).transactional(async (em) => {
        const users = await em.execute<{ id: number; nickname: string; email: string }[]>(
          `select id, nickname, email from app_user
            where id > ? and email is not null and email_verified_at is not null and is_active
              and deleted_at is null and not is_demo and parent_id is null
              and terms_version is distinct from ?
            order by id limit ?`,
          [afterId, version, BATCH],
        );
        for (const user of users) await enqueueMail(em, noticeMail(env, user.nickname, user.email, version));
        const last = users.at(-1);
        if (users.length === BATCH && last) await enqueueJob(em, TERMS_NOTICE, { version, afterId: last.id });
      });
    },
  };
}
