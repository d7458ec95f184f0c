import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_NICKNAME, type DeleteAccountInput } from '../../rpc/schemas/account-deletion.ts';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../rpc/schemas/users-messages.ts';
import { type LoginThrottle, minutesText } from '../auth/login-throttle.ts';
import { verifyPassword } from '../auth/password.ts';
import { endUserSessions, leaveProfile } from '../auth/sessions.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { keepReportedReference } from '../reports/reported-reference.ts';

const LAST_ADMIN_MESSAGE = 'Non c’è un altro amministratore: nominane uno prima di eliminare il tuo account';

/**
 * The tables whose rows about a deleted collector stay, pointing at the tombstone (which names nobody):
 * the other collectors' chats and messages, swaps and their items, ratings both ways, and reports and
 * moderation decisions for the admins' record. Every other row of any table with a foreign key to app_user goes, a table added later
 * too.
 */
const KEPT_TABLES = new Set([
  'match',
  'message',
  'swap',
  'swap_item',
  'swap_rating',
  'report',
  'moderation_decision',
]);

/** Calls off a collector's open swaps: the swaps' rule, handed in by the caller (see user-admin.ts). */
type CallOffSwapsOf = (tx: EntityManager, userId: number) => Promise<unknown>;

/**
 * 'Elimina account' (issue 32, decision in the report): after the password (throttled with the password
 * change's counter), in one transaction: the user row is locked; every session ends (their streams are
 * told); open swaps are called off, releasing their reservations and telling the other collector; the
 * collection, marks, spares, blocks both ways, account tokens and whatever else points at the user go,
 * and chats without a message; the row becomes a tombstone named 'Utente eliminato' with no nickname,
 * password, e-mail or place, so the nickname logs in nowhere and may be taken again by somebody new.
 */
export async function deleteAccount(
  em: EntityManager,
  throttle: LoginThrottle,
  userId: number,
  input: DeleteAccountInput,
  callOffSwapsOf: CallOffSwapsOf,
) {
  const user = await em.findOneOrFail(User, userId, { populate: ['passwordHash'] });
  const check = await throttle.check([`password-change:${userId}`], () =>
    verifyPassword(user.passwordHash, input.password),
  );
  if (check.outcome === 'throttled') {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Troppi tentativi con la password attuale. Riprova tra ${minutesText(check.waitMinutes)}.`,
    );
  }
  if (check.outcome === 'wrong') throw new DomainError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE);

  await em.transactional(async (tx) => {
    const [locked] = await tx.execute<{ is_admin: boolean }[]>(
      'select is_admin from app_user where id = ? and deleted_at is null for update',
      [userId],
    );
    if (!locked) return;
    if (locked.is_admin) {
      const [others] = await tx.execute<{ n: string }[]>(
        'select count(*) as n from app_user where is_admin and is_active and deleted_at is null and id <> ?',
        [userId],
      );
      if (Number(others?.n) === 0) throw new DomainError('CONFLICT', LAST_ADMIN_MESSAGE);
    }
    // Their child profiles go with them (issue 45, row 2).
    const children = await tx.execute<{ id: number }[]>(
      'select id from app_user where parent_id = ? and deleted_at is null for update',
      [userId],
    );
    for (const child of children) await eraseAccount(tx, child.id, callOffSwapsOf);
    await eraseAccount(tx, userId, callOffSwapsOf);
  });
  return { ok: true } as const;
}

/**
 * Makes a locked account a tombstone, in the caller's transaction: its sessions end (a parent's session
 * acting as this child profile acts as the parent again), its open swaps are called off, what points at it
 * goes but the kept tables, and chats without a message go. Account deletion and a child profile's deletion
 * (src/server/family/children.ts) both end here.
 */
export async function eraseAccount(tx: EntityManager, userId: number, callOffSwapsOf: CallOffSwapsOf) {
  await leaveProfile(tx, userId);
  await keepReportedReference(tx, userId);
  await endUserSessions(tx, userId);
  await callOffSwapsOf(tx, userId);
  await deleteWhatPointsAt(tx, userId);
  await tx.execute(
    `delete from match m where ? in (m.user_low_id, m.user_high_id)
        and not exists (select 1 from message where match_id = m.id)`,
    [userId],
  );
  await tx.execute(
    `update app_user set nickname = ?, deleted_at = now(), password_hash = '', email = null,
            email_verified_at = null, cap = null, comune = null, latitude = 0, longitude = 0,
            album_selezionato = null, is_premium = false, is_admin = false, is_active = false,
            last_login_at = null, last_seen_at = null, show_presence = false, is_demo = false,
            parent_id = null
      where id = ?`,
    [DELETED_USER_NICKNAME, userId],
  );
}

/**
 * Deletes the user's rows from every table with a foreign key to app_user but the kept ones; a key that
 * says `on delete set null` (a Punto Scambio they suggested, which others may meet at) only forgets them.
 */
async function deleteWhatPointsAt(tx: EntityManager, userId: number) {
  const references = await tx.execute<{ table_name: string; column_name: string; set_null: boolean }[]>(
    `select t.relname as table_name, a.attname as column_name, c.confdeltype = 'n' as set_null
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'app_user'::regclass
        and t.relnamespace = 'public'::regnamespace
      order by 1, 2`,
  );
  const quote = (name: string) => tx.getPlatform().quoteIdentifier(name);
  for (const { table_name, column_name, set_null } of references) {
    if (KEPT_TABLES.has(table_name)) continue;
    if (set_null) {
      await tx.execute(
        `update ${quote(table_name)} set ${quote(column_name)} = null where ${quote(column_name)} = ?`,
        [userId],
      );
    } else {
      await tx.execute(`delete from ${quote(table_name)} where ${quote(column_name)} = ?`, [userId]);
    }
  }
}
