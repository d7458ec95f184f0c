import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser } from '../../rpc/schemas/age-band-rule.ts';
import type { AdminUser } from '../../rpc/schemas/users.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';

const USER_NOT_FOUND_MESSAGE = 'Utente non trovato';
const SELF_DEACTIVATION_MESSAGE = 'Non puoi disattivare il tuo account';

/** The admin's row of an account: its band and, for a child profile, its parent (never the birth date). */
function toAdminUser(user: User, parents: ReadonlyMap<number, string>): AdminUser {
  return {
    id: user.id,
    username: user.nickname,
    email: user.email ?? null,
    is_active: user.isActive,
    created_at: user.createdAt.toISOString(),
    last_login: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    isPremium: user.isPremium,
    isAdmin: user.isAdmin,
    cap: user.cap,
    isDemo: user.isDemo,
    ageBand: user.birthYear == null ? null : ageBandOfUser(user),
    minorContactSuspended: user.minorContactSuspendedAt != null,
    parent: user.parentId == null ? null : { id: user.parentId, nickname: parents.get(user.parentId) ?? '' },
  };
}

/** The accounts as the admin's list shows them, with their parents' nicknames asked in one query. */
async function toAdminUsers(em: EntityManager, users: User[]): Promise<AdminUser[]> {
  const parentIds = [...new Set(users.flatMap((user) => (user.parentId == null ? [] : [user.parentId])))];
  const parents = parentIds.length
    ? await em.execute<{ id: number; nickname: string }[]>(
        "select id, nickname from app_user where id = any(string_to_array(?, ',')::int[])",
        [parentIds.join(',')],
      )
    : [];
  const nicknames = new Map(parents.map((parent) => [Number(parent.id), parent.nickname]));
  return users.map((user) => toAdminUser(user, nicknames));
}

async function toOneAdminUser(em: EntityManager, user: User): Promise<AdminUser> {
  const [row] = await toAdminUsers(em, [user]);
  return row as AdminUser;
}

/** Newest first; `search` matches nickname, e-mail or CAP. Bounded by `limit`: the counters say the rest. */
export async function listUsers(em: EntityManager, options: { search?: string | undefined; limit: number }) {
  const like = options.search ? `%${options.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  // A deleted account's tombstone (issue 32) is nobody: not listed, counted or changed.
  const users = await em.find(
    User,
    like
      ? {
          deletedAt: null,
          $or: [{ nickname: { $ilike: like } }, { email: { $ilike: like } }, { cap: { $like: like } }],
        }
      : { deletedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: options.limit },
  );
  return toAdminUsers(em, users);
}

export async function userCounts(em: EntityManager) {
  const [row] = await em.execute<{ total: string; active: string }[]>(
    'select count(*) as total, count(*) filter (where is_active) as active from app_user where deleted_at is null',
  );
  const total = Number(row?.total ?? 0);
  const active = Number(row?.active ?? 0);
  return { total, active, inactive: total - active };
}

/**
 * Calls off a collector's open swaps: the swaps' rule (`cancelOpenSwapsOf`), handed to `setUserActive` by
 * its caller, because swaps read users (reputation, presence) and so users import nothing of theirs.
 */
type CallOffSwapsOf = (tx: EntityManager, userId: number) => Promise<unknown>;

/**
 * Deactivation ends every session of that user at once, hides them from matches and calls off their open
 * swaps (releasing what those reserved). The user row is written first: a swap transition locks it too.
 */
export async function setUserActive(
  em: EntityManager,
  adminId: number,
  userId: number,
  active: boolean,
  callOffSwapsOf: CallOffSwapsOf,
) {
  if (!active && userId === adminId) {
    throw new DomainError('BAD_REQUEST', SELF_DEACTIVATION_MESSAGE);
  }
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id: userId, deletedAt: null });
    if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
    user.isActive = active;
    await tx.flush();
    // Their child profiles (issue 45, row 2) follow them: nobody could act for a child left active.
    const children = await tx.execute<{ id: number }[]>(
      'update app_user set is_active = ? where parent_id = ? and deleted_at is null returning id',
      [active, userId],
    );
    if (!active) {
      await endUserSessions(tx, userId);
      for (const id of [userId, ...children.map((child) => child.id)]) await callOffSwapsOf(tx, id);
    }
    return toOneAdminUser(tx, user);
  });
}

/**
 * An admin's review of 'adulto_minore' reports (issue 45, row 8): the adult they stopped may reach minors
 * again; a new round of three reports stops them again.
 */
export async function liftMinorContactSuspension(em: EntityManager, userId: number) {
  const user = await em.findOne(User, { id: userId, deletedAt: null });
  if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  user.minorContactSuspendedAt = null;
  await em.flush();
  return toOneAdminUser(em, user);
}

export async function setPremium(em: EntityManager, userId: number, isPremium: boolean) {
  const user = await em.findOne(User, { id: userId, deletedAt: null });
  if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  user.isPremium = isPremium;
  await em.flush();
  return toOneAdminUser(em, user);
}

const UNDER_14_CORRECTION_MESSAGE =
  'Con questa data avrebbe meno di 14 anni: un account proprio non è possibile, disattivalo';
const monthYear = (month: number | null, year: number | null) =>
  year === null || month === null ? null : `${String(month).padStart(2, '0')}/${year}`;

/**
 * An admin corrects a collector's birth month and year (issue 45: nobody else can, once given), logged
 * with who, when, from what, to what and why. The band follows at once (search, chat, alerts). A date
 * that makes the owner of an account under 14 is refused: such an account should not exist.
 */
export async function correctBirthDate(
  em: EntityManager,
  adminId: number,
  input: { id: number; birthYear: number; birthMonth: number; reason: string },
) {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(
      User,
      { id: input.id, deletedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
    // A child profile (issue 45, row 2) may be under 14: it is no account of its own.
    if (user.parentId == null && ageBandOfUser(input) === 'under14')
      throw new DomainError('BAD_REQUEST', UNDER_14_CORRECTION_MESSAGE);
    await tx.execute(
      `insert into birth_date_correction (user_id, admin_id, old_year, old_month, new_year, new_month, reason)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        user.id,
        adminId,
        user.birthYear ?? null,
        user.birthMonth ?? null,
        input.birthYear,
        input.birthMonth,
        input.reason,
      ],
    );
    user.birthYear = input.birthYear;
    user.birthMonth = input.birthMonth;
    // An admin's correction is no birthday: no notice of it on Home.
    user.seenAgeBand = ageBandOfUser(user);
    await tx.flush();
    return toOneAdminUser(tx, user);
  });
}

/** The log of a collector's birth-date corrections, newest first. */
export async function birthDateCorrections(em: EntityManager, userId: number) {
  const rows = await em.execute<
    {
      admin: string | null;
      old_year: number | null;
      old_month: number | null;
      new_year: number;
      new_month: number;
      reason: string;
      created_at: Date;
    }[]
  >(
    `select a.nickname as admin, c.old_year, c.old_month, c.new_year, c.new_month, c.reason, c.created_at
       from birth_date_correction c left join app_user a on a.id = c.admin_id
      where c.user_id = ? order by c.id desc`,
    [userId],
  );
  return rows.map((row) => ({
    admin: row.admin,
    from: monthYear(row.old_month, row.old_year),
    to: monthYear(row.new_month, row.new_year) as string,
    reason: row.reason,
    at: new Date(row.created_at).toISOString(),
  }));
}
