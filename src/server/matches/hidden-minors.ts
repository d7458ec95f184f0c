import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, type BirthColumns, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import { isAdultSql, isMinorSql, isUnder14Sql } from '../db/age-band-sql.ts';
import { DomainError } from '../domain-error.ts';

/** Who searches: their birth, and whether three reports stopped them reaching minors (issue 45, row 8). */
export type Seeker = BirthColumns & { minorContactSuspendedAt?: Date | string | null };

/**
 * Adults do not find minors (issue 45, row 3, docs/decisions/046): to an adult, an under-14 is nobody,
 * and a 14-17 collector (an account without a birth date counts as one) is nobody until they turn on
 * 'Visibile ai maggiorenni per proporre scambi'; to an adult whom three 'adulto_minore' reports stopped,
 * no minor is anybody. Minors see minors; adults see adults. Written once here for code and once for
 * statements, beside it: a hidden minor is answered like an unknown id.
 */
export function hiddenByAge(
  me: Seeker,
  they: BirthColumns & { visibleToAdults: boolean },
  now = new Date(),
): boolean {
  if (isMinor(ageBandOfUser(me, now))) return false;
  const band = ageBandOfUser(they, now);
  if (band === '18+') return false;
  return band === 'under14' || !they.visibleToAdults || me.minorContactSuspendedAt != null;
}

/** SQL: hiddenByAge for `me` and `they`, aliases of `app_user` rows. */
export function hiddenByAgeSql(me: string, they: string, now = new Date()): string {
  return `(${isAdultSql(me, now)} and ${isMinorSql(they, now)}
    and (${isUnder14Sql(they, now)} or not ${they}.visible_to_adults or ${me}.minor_contact_suspended_at is not null))`;
}

/**
 * Refuses, as `notFound` refuses an id nobody has, a collector hidden from me by our ages: for the calls
 * that take any collector's id (a block, a report), so none of them tells an adult that a minor exists.
 */
export async function refuseHiddenByAge(em: EntityManager, me: Seeker, otherId: number, notFound: string) {
  const [they] = await em.execute<
    { birthYear: number | null; birthMonth: number | null; visibleToAdults: boolean }[]
  >(
    `select birth_year as "birthYear", birth_month as "birthMonth", visible_to_adults as "visibleToAdults"
       from app_user where id = ?`,
    [otherId],
  );
  if (they && hiddenByAge(me, they)) throw new DomainError('NOT_FOUND', notFound);
}
