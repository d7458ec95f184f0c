import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { enqueueJob } from '../jobs/job-queue.ts';
import { reminderTime } from './quiet-hours.ts';

export const ALERT_TASK = 'alert';

/**
 * The moments a swap needs a collector (issue 33), as the job queue carries them: each is re-read when the
 * job runs (the swap may have moved on, the collector switched it off or left), so a payload is only ids.
 */
export const alertEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('proposal'), swapId: z.number().int(), recipientId: z.number().int() }),
  z.object({
    kind: z.literal('answer'),
    swapId: z.number().int(),
    recipientId: z.number().int(),
    /** What the other did: accepted, declined, withdrew or called off the swap, or left the app. */
    outcome: z.enum(['accettato', 'rifiutato', 'ritirato', 'annullato', 'uscito']),
  }),
  z.object({
    kind: z.literal('confirmation'),
    swapId: z.number().int(),
    recipientId: z.number().int(),
    completed: z.boolean(),
  }),
  z.object({ kind: z.literal('expiring'), swapId: z.number().int() }),
  z.object({ kind: z.literal('message'), matchId: z.number().int(), recipientId: z.number().int() }),
  /** A meet I go to (issue 46): the day before at 18:00, an hour before, or its cancellation. */
  z.object({
    kind: z.literal('raduno'),
    radunoId: z.number().int(),
    recipientId: z.number().int(),
    moment: z.enum(['vigilia', 'ora', 'annullato']),
  }),
]);
export type AlertEvent = z.infer<typeof alertEvent>;

/** A burst of messages in one chat waits this long, so it goes out as one alert. */
const MESSAGE_GATHER_MS = 2_000;

/**
 * Queues an alert in the caller's transaction: it exists if and only if the event commits, and survives
 * a crash (the job queue, decision 031).
 */
export async function queueAlert(em: EntityManager, event: AlertEvent): Promise<void> {
  if (event.kind === 'message') {
    // One waiting alert per chat and reader: the messages of a burst are told together.
    await enqueueJob(em, ALERT_TASK, event, {
      jobKey: `message:${event.recipientId}:${event.matchId}`,
      preserveRunAt: true,
      runAt: new Date(Date.now() + MESSAGE_GATHER_MS),
    });
    return;
  }
  await enqueueJob(em, ALERT_TASK, event);
}

/**
 * The reminder of a swap that ends at `expiresAt` (a proposal's answer, an accepted swap's confirmations):
 * about a day before, outside the quiet hours. A new deadline replaces the swap's earlier reminder.
 */
export async function scheduleExpiryReminder(em: EntityManager, swapId: number, expiresAt: Date) {
  await enqueueJob(
    em,
    ALERT_TASK,
    { kind: 'expiring', swapId },
    { jobKey: `expiring:${swapId}`, runAt: reminderTime(expiresAt) },
  );
}
