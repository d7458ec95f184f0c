import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ALERT_KINDS,
  type AlertChannels,
  type AlertKind,
  type AlertSettings,
  DEFAULT_ALERT_CHANNELS,
} from '../../rpc/schemas/alerts.ts';

type Row = { kind: string; push: boolean; email: boolean };

/** Every kind's channels for a collector: their choices over the defaults. */
export async function readAlertSettings(em: EntityManager, userId: number): Promise<AlertSettings> {
  const rows = await em.execute<Row[]>('select kind, push, email from alert_setting where user_id = ?', [
    userId,
  ]);
  const settings = { ...DEFAULT_ALERT_CHANNELS };
  for (const row of rows) {
    if ((ALERT_KINDS as readonly string[]).includes(row.kind)) {
      settings[row.kind as AlertKind] = { push: row.push, email: row.email };
    }
  }
  return settings;
}

/** One kind's channels for a collector. */
export async function alertChannelsOf(
  em: EntityManager,
  userId: number,
  kind: AlertKind,
): Promise<AlertChannels> {
  const [row] = await em.execute<Row[]>(
    'select push, email from alert_setting where user_id = ? and kind = ?',
    [userId, kind],
  );
  return row ? { push: row.push, email: row.email } : DEFAULT_ALERT_CHANNELS[kind];
}

/** Stores the kinds given; the others keep what they had. */
export async function writeAlertSettings(
  em: EntityManager,
  userId: number,
  changes: Partial<AlertSettings>,
): Promise<void> {
  const entries = Object.entries(changes) as [AlertKind, AlertChannels][];
  if (entries.length === 0) return;
  await em.execute(
    `insert into alert_setting (user_id, kind, push, email)
     select ?, kind, push, email
       from unnest(string_to_array(?, ','), string_to_array(?, ',')::boolean[], string_to_array(?, ',')::boolean[])
            as c(kind, push, email)
     on conflict (user_id, kind) do update set push = excluded.push, email = excluded.email`,
    [
      userId,
      entries.map(([kind]) => kind).join(','),
      entries.map(([, channels]) => channels.push).join(','),
      entries.map(([, channels]) => channels.email).join(','),
    ],
  );
}

/** An e-mail's one-click unsubscribe: that kind stops coming by e-mail, push stays as it was. */
export async function stopAlertEmails(em: EntityManager, userId: number, kind: AlertKind): Promise<void> {
  const channels = await alertChannelsOf(em, userId, kind);
  await writeAlertSettings(em, userId, { [kind]: { ...channels, email: false } });
}
