import {
  ADULT_AGE,
  DIGITAL_CONSENT_AGE,
  italianMonth,
  latestBirthIndexOfAge,
} from '../../rpc/schemas/age-band-rule.ts';

/**
 * The age bands (rpc/schemas/age-band-rule.ts) for statements: the stored birth month of `user` (an alias
 * of `app_user`) against the bounds the rule works out for this month, so no age arithmetic is written in
 * SQL. An account without a birth date is a minor (`14-17`), never an under-14.
 */
const born = (user: string) => `(${user}.birth_year * 12 + ${user}.birth_month - 1)`;

export const isAdultSql = (user: string, now = new Date()) =>
  `coalesce(${born(user)} <= ${latestBirthIndexOfAge(ADULT_AGE, italianMonth(now))}, false)`;

export const isMinorSql = (user: string, now = new Date()) => `not ${isAdultSql(user, now)}`;

export const isUnder14Sql = (user: string, now = new Date()) =>
  `coalesce(${born(user)} > ${latestBirthIndexOfAge(DIGITAL_CONSENT_AGE, italianMonth(now))}, false)`;

/** Two collectors on the same side of the age line, both adults or both minors (`!isAdultAndMinor`). */
export const sameAgeSideSql = (a: string, b: string, now = new Date()) =>
  `((${isAdultSql(a, now)}) = (${isAdultSql(b, now)}))`;
