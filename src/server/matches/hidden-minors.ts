import {
  ADULT_AGE,
  ageBandOfUser,
  type BirthColumns,
  DIGITAL_CONSENT_AGE,
  isMinor,
  italianMonth,
  latestBirthIndexOfAge,
} from '../../rpc/schemas/age-band-rule.ts';

/**
 * Adults do not find minors (issue 45, row 3, docs/decisions/046): to an adult, an under-14 is nobody,
 * and a 14-17 collector (an account without a birth date counts as one) is nobody until they turn on
 * 'Visibile ai maggiorenni per proporre scambi'. Minors see minors; adults see adults. Written once here
 * for code and once for statements, beside it: a hidden minor is answered like an unknown id.
 */
export function hiddenByAge(
  me: BirthColumns,
  they: BirthColumns & { visibleToAdults: boolean },
  now = new Date(),
): boolean {
  if (isMinor(ageBandOfUser(me, now))) return false;
  const band = ageBandOfUser(they, now);
  return band === 'under14' || (band === '14-17' && !they.visibleToAdults);
}

/** SQL: hiddenByAge for `me` and `they`, aliases of `app_user` rows. */
export function hiddenByAgeSql(me: string, they: string, now = new Date()): string {
  const today = italianMonth(now);
  const adultBy = latestBirthIndexOfAge(ADULT_AGE, today);
  const fourteenBy = latestBirthIndexOfAge(DIGITAL_CONSENT_AGE, today);
  const born = (user: string) => `(${user}.birth_year * 12 + ${user}.birth_month - 1)`;
  return `(coalesce(${born(me)} <= ${adultBy}, false)
    and (coalesce(${born(they)} > ${fourteenBy}, false)
         or (coalesce(${born(they)} > ${adultBy}, true) and not ${they}.visible_to_adults)))`;
}
