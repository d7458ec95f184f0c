import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { User } from '../db/entities/user.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { type DeliveryConfig, deliverAlert } from './alert-delivery.ts';
import { alertChannelsOf } from './alert-settings.ts';
import { type DigestCandidate, digestWait, planDigest } from './digest-plan.ts';
import { nextMorning, outsideQuietHours } from './quiet-hours.ts';

export const DIGEST_TASK = 'alert_digest';
export const digestJob = z.object({ userId: z.number().int() });

/** The match search as the digest asks it: my selected album, my radius; those with a 1:1 swap. */
export type DigestSearch = (em: EntityManager, user: User) => Promise<DigestCandidate[]>;

/** Told ids kept: more collectors than a search lists. */
const TOLD_MAX = 500;

const digestKey = (userId: number) => `digest:${userId}`;

/** (Re)starts a collector's digest: its first check now, or at the morning's end of the quiet hours. */
export async function scheduleDigest(em: EntityManager, userId: number, at = new Date()) {
  await enqueueJob(em, DIGEST_TASK, { userId }, { jobKey: digestKey(userId), runAt: outsideQuietHours(at) });
}

/** Stops it: nothing more is checked for a collector who turned it off. */
export async function unscheduleDigest(em: EntityManager, userId: number) {
  await em.execute('select graphile_worker.remove_job(?)', [digestKey(userId)]);
}

/**
 * One check of a collector's digest (digest-plan.ts decides), then the next one queued: the job chain
 * lives as long as the digest is on, and is the one place its state changes.
 */
export async function runDigest(
  em: EntityManager,
  config: DeliveryConfig & { digestSearch: DigestSearch },
  { userId }: { userId: number },
  jobId: string,
  now = new Date(),
) {
  const user = await em.findOne(User, { id: userId, deletedAt: null });
  if (!user) return;
  // A deactivated collector is told nothing, but an admin may bring them back: look again tomorrow.
  if (!user.isActive) return scheduleDigest(em, userId, nextMorning(now));
  const channels = await alertChannelsOf(em, userId, 'digest');
  if (!channels.push && !channels.email) return;
  const [state] = await em.execute<{ last_sent_at: Date | null; told: number[] }[]>(
    'select last_sent_at, told from digest_state where user_id = ?',
    [userId],
  );
  const jitter = Math.random();
  const wait = digestWait(now, state?.last_sent_at ? new Date(state.last_sent_at) : null, jitter);
  if (wait) return scheduleDigest(em, userId, wait);
  const mutual = user.albumSelezionato ? await config.digestSearch(em, user) : [];
  const plan = planDigest({ now, told: state?.told ?? [], mutual, jitter });
  // What is sent and its record commit together: a check that fails in between is retried, and must not
  // find the day's digest unrecorded and send it again.
  await em.transactional(async (tx) => {
    if (plan.tell.length > 0) {
      const count = plan.tell.length;
      const names = plan.tell.slice(0, 3).map((candidate) => candidate.nickname);
      const more = count > names.length ? ` e altri ${count - names.length}` : '';
      await deliverAlert(
        tx,
        config,
        {
          kind: 'digest',
          recipientId: userId,
          title: 'Vicino a te',
          body: `${count === 1 ? 'Un collezionista vicino a te ha' : `${count} collezionisti vicino a te hanno`} figurine che ti mancano e cercano tue doppie: ${names.join(', ')}${more}`,
          url: '/match',
          tag: 'digest',
          ttl: 12 * 60 * 60,
          urgency: 'low',
        },
        jobId,
      );
    }
    await tx.execute(
      `insert into digest_state (user_id, last_sent_at, told) values (?, ?, string_to_array(?, ',')::int[])
       on conflict (user_id) do update
         set last_sent_at = coalesce(excluded.last_sent_at, digest_state.last_sent_at), told = excluded.told`,
      [userId, plan.tell.length > 0 ? now : null, plan.told.slice(0, TOLD_MAX).join(',')],
    );
    await scheduleDigest(tx, userId, plan.nextRunAt);
  });
}
