import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ALERT_KINDS,
  type AlertChannels,
  type AlertKind,
  type AlertSettings,
  DEFAULT_ALERT_CHANNELS,
  type QuietHours,
  type SetAlertSettings,
} from '../../rpc/schemas/alerts.ts';

type Row = { kind: string; push: boolean; email: boolean; digest: boolean };

/** Every kind's channels for a collector: their choices over the defaults. */
export async function readAlertSettings(em: EntityManager, userId: number): Promise<AlertSettings> {
  const rows = await em.execute<Row[]>(
    'select kind, push, email, digest from alert_setting where user_id = ?',
    [userId],
  );
  const settings = { ...DEFAULT_ALERT_CHANNELS };
  for (const row of rows) {
    if ((ALERT_KINDS as readonly string[]).includes(row.kind)) {
      settings[row.kind as AlertKind] = { push: row.push, email: row.email, digest: row.digest };
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
    'select push, email, digest from alert_setting where user_id = ? and kind = ?',
    [userId, kind],
  );
  return row ? { push: row.push, email: row.email, digest: row.digest } : DEFAULT_ALERT_CHANNELS[kind];
}

/**
 * Stores the kinds given, each channel left out keeping what it had, and the quiet hours if given; the
 * other kinds keep what they had.
 */
export async function writeAlertSettings(em: EntityManager, userId: number, changes: SetAlertSettings) {
  const { quietHours, ...kinds } = changes;
  if (quietHours !== undefined) {
    await em.execute('update app_user set quiet_from = ?, quiet_to = ? where id = ?', [
      quietHours?.from ?? null,
      quietHours?.to ?? null,
      userId,
    ]);
  }
  const given = Object.entries(kinds).filter(([, channels]) => channels !== undefined) as [
    AlertKind,
    Partial<AlertChannels>,
  ][];
  if (given.length === 0) return;
  const current = await readAlertSettings(em, userId);
  const entries = given.map(([kind, channels]) => [kind, { ...current[kind], ...channels }] as const);
  await em.execute(
    `insert into alert_setting (user_id, kind, push, email, digest)
     select ?, kind, push, email, digest
       from unnest(string_to_array(?, ','), string_to_array(?, ',')::boolean[], string_to_array(?, ',')::boolean[],
                   string_to_array(?, ',')::boolean[]) as c(kind, push, email, digest)
     on conflict (user_id, kind) do update
       set push = excluded.push, email = excluded.email, digest = excluded.digest`,
    [
      userId,
      entries.map(([kind]) => kind).join(','),
      entries.map(([, channels]) => channels.push).join(','),
      entries.map(([, channels]) => channels.email).join(','),
      entries.map(([, channels]) => channels.digest).join(','),
    ],
  );
}

/** 'Non disturbare dalle … alle …': null when the collector wants alerts at any hour. */
export async function readQuietHours(em: EntityManager, userId: number): Promise<QuietHours> {
  const [row] = await em.execute<{ quiet_from: string | null; quiet_to: string | null }[]>(
    'select quiet_from, quiet_to from app_user where id = ?',
    [userId],
  );
  return row?.quiet_from && row.quiet_to ? { from: row.quiet_from, to: row.quiet_to } : null;
}

/** An e-mail's one-click unsubscribe: that kind stops coming by e-mail, push stays as it was. */
export async function stopAlertEmails(em: EntityManager, userId: number, kind: AlertKind): Promise<void> {
  const channels = await alertChannelsOf(em, userId, kind);
  await writeAlertSettings(em, userId, { [kind]: { ...channels, email: false } });
}
