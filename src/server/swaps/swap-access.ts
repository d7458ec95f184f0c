import type { EntityManager } from '@mikro-orm/postgresql';
import { isAdultAndMinor } from '../../rpc/schemas/age-band-rule.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import { DomainError } from '../domain-error.ts';
import { couldSeeInAnySearchSql } from '../matches/could-see-in-search.ts';
import { hiddenByAge } from '../matches/hidden-minors.ts';
import { NOT_A_CANDIDATE_MESSAGE } from '../matches/matches.ts';

export const SELF_SWAP_MESSAGE = 'Non puoi proporre uno scambio a te stesso';
export const SWAP_USER_NOT_FOUND_MESSAGE = 'Utente non trovato';
export const BLOCKED_SWAP_MESSAGE = 'Non puoi proporre scambi a questo collezionista';

/**
 * Whom I may swap with: an active collector, not blocked either way, with whom I have a match or whom the
 * match search could show me (the rule that lets me open a match, could-see-in-search.ts). Answers whether
 * we are an adult and a minor, who swap only by a proposal at a Punto Scambio (issue 45, row 4).
 */
export async function assertMaySwapWith(
  em: EntityManager,
  meId: number,
  otherId: number,
): Promise<{ adultAndMinor: boolean }> {
  if (otherId === meId) throw new DomainError('BAD_REQUEST', SELF_SWAP_MESSAGE);
  type Birth = { birthYear: number | null; birthMonth: number | null };
  const [row] = await em.execute<
    {
      blocked: boolean;
      matched: boolean;
      candidate: boolean;
      other: Birth & { visibleToAdults: boolean };
      me: Birth & { minorContactSuspendedAt: string | null };
    }[]
  >(
    `select ${blockedEitherWaySql('?', 'u.id')} as blocked,
            exists (select 1 from match m where m.user_low_id = least(?::int, u.id) and m.user_high_id = greatest(?::int, u.id)) as matched,
            ${couldSeeInAnySearchSql('u.id', '?')} as candidate,
            json_build_object('birthYear', u.birth_year, 'birthMonth', u.birth_month,
                              'visibleToAdults', u.visible_to_adults) as other,
            json_build_object('birthYear', me.birth_year, 'birthMonth', me.birth_month,
                              'minorContactSuspendedAt', me.minor_contact_suspended_at) as me
       from app_user u, app_user me where u.id = ? and u.is_active and me.id = ?`,
    [meId, meId, meId, meId, meId, otherId, meId],
  );
  if (!row || hiddenByAge(row.me, row.other)) throw new DomainError('NOT_FOUND', SWAP_USER_NOT_FOUND_MESSAGE);
  if (row.blocked) throw new DomainError('FORBIDDEN', BLOCKED_SWAP_MESSAGE);
  if (!row.matched && !row.candidate) throw new DomainError('FORBIDDEN', NOT_A_CANDIDATE_MESSAGE);
  return { adultAndMinor: isAdultAndMinor(row.me, row.other) };
}

export const INACTIVE_COLLECTOR_MESSAGE = (nickname: string) =>
  `${nickname} non è più attivo: lo scambio non può proseguire`;

/**
 * Locks both participants' user rows against a concurrent deactivation (which cancels their open swaps,
 * user-admin.ts) and refuses (409) when either is no longer active. Taken before the swap row: users,
 * then swaps, then collections, the order deactivation follows too, so the two never deadlock.
 */
export async function lockActiveParticipants(tx: EntityManager, userIds: [number, number]) {
  const users = await tx.execute<{ id: number; nickname: string; is_active: boolean }[]>(
    'select id, nickname, is_active from app_user where id in (?, ?) order by id for share',
    userIds,
  );
  const inactive = users.find((user) => !user.is_active);
  if (inactive) throw new DomainError('CONFLICT', INACTIVE_COLLECTOR_MESSAGE(inactive.nickname));
  return users;
}
