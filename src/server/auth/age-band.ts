import { ageBandOf, ageBandOfUser, italianMonth } from '../../rpc/schemas/age-band-rule.ts';
import { BIRTH_DATE_FIXED_MESSAGE, UNDER_14_SIGN_UP_MESSAGE } from '../../rpc/schemas/users-messages.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';

/** The birth month the operator gives the accounts it makes (the administrator, the demo collectors): adults. */
export const OPERATOR_BIRTH = { birthYear: 1980, birthMonth: 1 } as const;

/** Refuses a birth date that makes its owner under 14: nobody under 14 has an account of their own. */
export function refuseUnder14(birth: { birthYear: number; birthMonth: number }, now = new Date()): void {
  if (ageBandOf({ year: birth.birthYear, month: birth.birthMonth }, italianMonth(now)) === 'under14') {
    throw new DomainError('FORBIDDEN', UNDER_14_SIGN_UP_MESSAGE);
  }
}

/**
 * An account made before birth dates were asked tells its own, once; after that only an administrator
 * corrects it. The same date again changes nothing and is no error.
 */
export function setOwnBirthDate(user: User, birth: { birthYear: number; birthMonth: number }): void {
  if (user.birthYear != null) {
    if (user.birthYear === birth.birthYear && user.birthMonth === birth.birthMonth) return;
    throw new DomainError('FORBIDDEN', BIRTH_DATE_FIXED_MESSAGE);
  }
  refuseUnder14(birth);
  user.birthYear = birth.birthYear;
  user.birthMonth = birth.birthMonth;
  user.seenAgeBand = ageBandOfUser(user);
}

/** Home's notice of a band risen on a birthday has been read: it is the band they know of now. */
export function markAgeBandSeen(user: User): void {
  if (user.birthYear != null) user.seenAgeBand = ageBandOfUser(user);
}
