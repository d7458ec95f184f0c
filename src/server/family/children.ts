import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, ageBandRise, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import { type AddChildInput, CHILD_PROFILES_MAX, type Child } from '../../rpc/schemas/family.ts';
import { withUniqueNickname } from '../auth/nickname.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { eraseAccount } from '../users/account-deletion.ts';

export const VERIFY_EMAIL_FIRST_MESSAGE = 'Verifica prima la tua e-mail';
export const ADULTS_ONLY_MESSAGE = 'Solo un maggiorenne può aggiungere i profili dei figli';
export const CHILD_MUST_BE_MINOR_MESSAGE =
  'Un profilo famiglia è per chi ha meno di 18 anni: un maggiorenne crea il suo account';
export const TOO_MANY_CHILDREN_MESSAGE = `Puoi aggiungere al massimo ${CHILD_PROFILES_MAX} profili`;
export const CHILD_NOT_FOUND_MESSAGE = 'Profilo non trovato';

/** Calls off a collector's open swaps: the swaps' rule, handed in by the caller (as for account deletion). */
type CallOffSwapsOf = (tx: EntityManager, userId: number) => Promise<unknown>;

const toChild = (user: User): Child => ({
  id: user.id,
  nickname: user.nickname,
  ageBand: ageBandOfUser(user),
  ageBandRose: ageBandRise(user.seenAgeBand, ageBandOfUser(user)),
});

/** My child profiles, the oldest first. */
export async function childrenOf(em: EntityManager, parentId: number): Promise<Child[]> {
  const children = await em.find(User, { parentId, deletedAt: null }, { orderBy: { id: 'asc' } });
  return children.map(toChild);
}

/**
 * 'Aggiungi un profilo' (issue 45, row 2): an adult with a verified e-mail adds a minor, at most
 * CHILD_PROFILES_MAX, counted under a lock of the parent's row. The child lives where the parent does, and
 * has no password or e-mail: nobody logs in as it, the parent acts as it (profile-switch.ts).
 */
export async function addChild(em: EntityManager, parent: User, input: AddChildInput): Promise<Child> {
  if (ageBandOfUser(parent) !== '18+') throw new DomainError('FORBIDDEN', ADULTS_ONLY_MESSAGE);
  if (!parent.email || !parent.emailVerifiedAt)
    throw new DomainError('FORBIDDEN', VERIFY_EMAIL_FIRST_MESSAGE);
  if (!isMinor(ageBandOfUser(input))) throw new DomainError('BAD_REQUEST', CHILD_MUST_BE_MINOR_MESSAGE);
  return em.transactional(async (tx) => {
    await tx.execute('select id from app_user where id = ? for update', [parent.id]);
    const [count] = await tx.execute<{ n: number }[]>(
      'select count(*)::int as n from app_user where parent_id = ? and deleted_at is null',
      [parent.id],
    );
    if ((count?.n ?? 0) >= CHILD_PROFILES_MAX) throw new DomainError('CONFLICT', TOO_MANY_CHILDREN_MESSAGE);
    return withUniqueNickname(async () => {
      const child = tx.create(User, {
        nickname: input.nickname,
        passwordHash: '',
        cap: parent.cap,
        comune: parent.comune,
        latitude: parent.latitude,
        longitude: parent.longitude,
        raggioKm: parent.raggioKm,
        birthYear: input.birthYear,
        birthMonth: input.birthMonth,
        seenAgeBand: ageBandOfUser(input),
        parentId: parent.id,
        isPremium: parent.isPremium,
        trialEndsAt: parent.trialEndsAt,
      });
      await tx.flush();
      return toChild(child);
    });
  });
}

/**
 * 'Elimina profilo': the child's albums, marks and open swaps go, as with an account's deletion; what
 * others keep (their chats and finished swaps) points at a tombstone. Someone else's child, or none, is
 * not found.
 */
export async function deleteChild(
  em: EntityManager,
  parentId: number,
  childId: number,
  callOffSwapsOf: CallOffSwapsOf,
): Promise<void> {
  await em.transactional(async (tx) => {
    const [child] = await tx.execute<{ id: number }[]>(
      'select id from app_user where id = ? and parent_id = ? and deleted_at is null for update',
      [childId, parentId],
    );
    if (!child) throw new DomainError('NOT_FOUND', CHILD_NOT_FOUND_MESSAGE);
    await eraseAccount(tx, childId, callOffSwapsOf);
  });
}
