import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, type BirthColumns, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import { ITALIAN_TIME_ZONE, italianClock, italianInstant } from '../../rpc/schemas/italian-clock.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { AlertMessage } from './alert-content.ts';
import { ALERT_TASK, type AlertEvent } from './alert-events.ts';

type RadunoEvent = Extract<AlertEvent, { kind: 'raduno' }>;

const HOUR_MS = 3_600_000;
/** The day before a meet, at this hour in Italy (row 2): before a minor's evening starts at 20:00. */
const EVE_HOUR = 18;

const WHEN = new Intl.DateTimeFormat('it-IT', {
  timeZone: ITALIAN_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
const HOUR = new Intl.DateTimeFormat('it-IT', {
  timeZone: ITALIAN_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});

/** The eve reminder's instant: 18:00 in Italy on the Italian calendar day before the start's. */
export function eveOf(start: Date): Date {
  const { year, month, day } = italianClock(start);
  const dayBefore = new Date(Date.UTC(year, month - 1, day - 1));
  return italianInstant(
    { year: dayBefore.getUTCFullYear(), month: dayBefore.getUTCMonth() + 1, day: dayBefore.getUTCDate() },
    EVE_HOUR,
  );
}

/**
 * The reminders of a meet for one collector going (issue 46, row 2), in the caller's transaction: the day
 * before at 18:00 and, for an adult, an hour before — those still ahead. Each is re-read when due (gone,
 * cancelled, no longer going: nothing), so saying 'Ci vado' twice schedules nothing twice.
 */
export async function scheduleRadunoReminders(
  em: EntityManager,
  input: { radunoId: number; recipientId: number; start: Date; minor: boolean },
  now = new Date(),
) {
  const moments = [
    ['vigilia', eveOf(input.start)] as const,
    ...(input.minor ? [] : [['ora', new Date(input.start.getTime() - HOUR_MS)] as const]),
  ];
  for (const [moment, runAt] of moments) {
    if (runAt.getTime() <= now.getTime()) continue;
    const event: RadunoEvent = {
      kind: 'raduno',
      radunoId: input.radunoId,
      recipientId: input.recipientId,
      moment,
    };
    await enqueueJob(em, ALERT_TASK, event, {
      jobKey: `raduno:${input.radunoId}:${input.recipientId}:${moment}`,
      runAt,
    });
  }
}

type Facts = BirthColumns & {
  title: string;
  place: string;
  starts_at: Date;
  ends_at: Date;
  cancelled: boolean;
  going: boolean;
};

/** What a collector going to a meet is told, read now: nothing once it no longer holds. */
export async function composeRadunoAlert(
  em: EntityManager,
  event: RadunoEvent,
  now = new Date(),
): Promise<AlertMessage[]> {
  const [facts] = await em.execute<Facts[]>(
    `select r.title, p.name as place, r.starts_at, r.ends_at, r.cancelled_at is not null as cancelled,
            exists (select 1 from raduno_participant m where m.raduno_id = r.id and m.user_id = u.id) as going,
            u.birth_year as "birthYear", u.birth_month as "birthMonth"
       from raduno r join swap_point p on p.id = r.swap_point_id, app_user u
      where r.id = ? and u.id = ?`,
    [event.radunoId, event.recipientId],
  );
  if (!facts) return [];
  const start = new Date(facts.starts_at);
  const message = (title: string, body: string, ttl: number): AlertMessage[] => [
    {
      kind: 'raduno',
      recipientId: event.recipientId,
      title,
      body,
      url: `/raduni/${event.radunoId}`,
      tag: `raduno-${event.radunoId}`,
      ttl: Math.max(60, Math.floor(ttl / 1000)),
      urgency: 'normal',
    },
  ];
  if (event.moment === 'annullato') {
    // Told until the end: a three-day event may be called off on its second day.
    const end = new Date(facts.ends_at).getTime();
    if (!facts.cancelled || end <= now.getTime()) return [];
    return message(
      'Raduno annullato',
      `${facts.title} a ${facts.place} (${WHEN.format(start)}) è stato annullato`,
      end - now.getTime(),
    );
  }
  if (facts.cancelled || !facts.going || start.getTime() <= now.getTime()) return [];
  if (event.moment === 'ora') {
    // An hour before is for adults only (row 2): a birthday may have made a difference since.
    if (isMinor(ageBandOfUser(facts, now))) return [];
    return message(
      `Tra un'ora: ${facts.title}`,
      `Alle ${HOUR.format(start)} a ${facts.place}. Apri 'Preparati' finché hai campo`,
      start.getTime() - now.getTime(),
    );
  }
  return message(
    `Domani: ${facts.title}`,
    `${WHEN.format(start)} a ${facts.place}. Prepara il raduno stasera: chi ha le tue mancanti, anche senza campo`,
    start.getTime() - now.getTime(),
  );
}
