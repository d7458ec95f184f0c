import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import { CHECK_IN_EARLY_MINUTES, RADUNO_KEPT_DAYS } from '../../rpc/schemas/raduni.ts';
import { scheduleRadunoReminders } from '../alerts/raduno-alerts.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { openRaduno, RADUNO_CANCELLED_MESSAGE, RADUNO_NOT_FOUND_MESSAGE, radunoFor } from './raduni.ts';

export const CHECK_IN_TOKEN_MESSAGE =
  'Questo codice non è del raduno: inquadra il QR esposto al Punto Scambio';
export const CHECK_IN_TIME_MESSAGE = "Il check-in vale dall'ora prima dell'inizio alla fine del raduno";

/**
 * 'Ci vado' (issue 46, row 2): going or not, before the meet ends. Sharing my lists with the others who go
 * is on by default for an adult and off for a minor (for a child profile, the parent's choice as they act
 * as it); 'qui ora' after a check-in likewise, and never shown for a minor. An answer that leaves a choice
 * out keeps what was chosen before. Going schedules the reminders.
 */
export async function participate(
  em: EntityManager,
  me: User,
  input: {
    id: number;
    ciVado: boolean;
    condividi?: boolean | undefined;
    tavolo?: string | undefined;
    mostraQui?: boolean | undefined;
  },
) {
  const raduno = await openRaduno(em, input.id);
  if (!input.ciVado) {
    await em.execute('delete from raduno_participant where raduno_id = ? and user_id = ?', [input.id, me.id]);
    return radunoFor(em, me, input.id);
  }
  const minor = isMinor(ageBandOfUser(me));
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into raduno_participant (raduno_id, user_id, shares, table_label, shows_here) values (?, ?, ?, ?, ?)
       on conflict (raduno_id, user_id) do update
         set shares = coalesce(?, raduno_participant.shares),
             table_label = coalesce(?, raduno_participant.table_label),
             shows_here = coalesce(?, raduno_participant.shows_here)`,
      [
        input.id,
        me.id,
        input.condividi ?? !minor,
        input.tavolo ?? '',
        input.mostraQui ?? !minor,
        input.condividi ?? null,
        input.tavolo ?? null,
        input.mostraQui ?? null,
      ],
    );
    await scheduleRadunoReminders(tx, {
      radunoId: input.id,
      recipientId: me.id,
      start: raduno.startsAt,
      minor,
    });
  });
  return radunoFor(em, me, input.id);
}

/**
 * A check-in by the place's printed QR (row 5), sent when the phone had signal again: the token must be
 * the meet's, the scan's time within the meet (from an hour before), and the meet not cancelled. It can
 * arrive after the end, until the meet's data is deleted. Checking in also says 'Ci vado' with the
 * defaults. The first scan's time is kept.
 */
export async function checkIn(
  em: EntityManager,
  me: User,
  input: { id: number; token: string; at: number },
  now = new Date(),
) {
  const [row] = await em.execute<{ token: string; starts_at: Date; ends_at: Date; cancelled: boolean }[]>(
    `select checkin_token as token, starts_at, ends_at, cancelled_at is not null as cancelled
       from raduno where id = ? and ends_at > now() - make_interval(days => ?)`,
    [input.id, RADUNO_KEPT_DAYS],
  );
  if (!row) throw new DomainError('NOT_FOUND', RADUNO_NOT_FOUND_MESSAGE);
  const given = Buffer.from(input.token);
  const expected = Buffer.from(row.token);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new DomainError('FORBIDDEN', CHECK_IN_TOKEN_MESSAGE);
  }
  if (row.cancelled) throw new DomainError('GONE', RADUNO_CANCELLED_MESSAGE);
  const at = input.at * 1000;
  const from = new Date(row.starts_at).getTime() - CHECK_IN_EARLY_MINUTES * 60_000;
  if (at < from || at > new Date(row.ends_at).getTime() || at > now.getTime() + 5 * 60_000) {
    throw new DomainError('BAD_REQUEST', CHECK_IN_TIME_MESSAGE);
  }
  const minor = isMinor(ageBandOfUser(me, now));
  await em.execute(
    `insert into raduno_participant (raduno_id, user_id, shares, shows_here, checked_in_at)
     values (?, ?, ?, ?, to_timestamp(?::double precision))
     on conflict (raduno_id, user_id) do update
       set checked_in_at = least(coalesce(raduno_participant.checked_in_at, excluded.checked_in_at),
                                 excluded.checked_in_at)`,
    [input.id, me.id, !minor, !minor, input.at],
  );
  return radunoFor(em, me, input.id);
}
