import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser } from '../../rpc/schemas/age-band-rule.ts';
import type { RegisterInput } from '../../rpc/schemas/auth.ts';
import { TERMS_VERSION } from '../../rpc/schemas/terms.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { locateCap } from '../geo/cap-location.ts';
import type { RateLimit } from '../rate-limits.ts';
import { refuseUnder14 } from './age-band.ts';
import { minutesText } from './login-throttle.ts';
import { withUniqueNickname } from './nickname.ts';
import { hashPassword } from './password.ts';

const TRIAL_DAYS = 30;

/** QUIET_HOURS_DEFAULT ('21:00-08:00', or 'none') as a new account's columns. */
export const quietHoursOf = (value: string) =>
  value === 'none'
    ? { quietFrom: null, quietTo: null }
    : { quietFrom: value.slice(0, 5), quietTo: value.slice(6, 11) };

/**
 * Creates the account; each address may start only so many an hour, counted before the slow hash. An
 * under-14 is refused before anything is counted or written: their parent makes their profile.
 */
export async function registerUser(
  em: EntityManager,
  registrations: RateLimit,
  ip: string,
  input: RegisterInput,
  quietHoursDefault: string,
): Promise<User> {
  refuseUnder14(input);
  const waitSeconds = await registrations.take(`ip:${ip}`);
  if (waitSeconds !== undefined) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Troppe registrazioni da questo indirizzo: riprova tra ${minutesText(Math.ceil(waitSeconds / 60))}`,
    );
  }
  const location = locateCap(input.cap, input.comune);
  const passwordHash = await hashPassword(input.password);
  return withUniqueNickname(async () => {
    const user = em.create(User, {
      nickname: input.nickname,
      passwordHash,
      cap: input.cap,
      ...location,
      raggioKm: input.raggioKm,
      birthYear: input.birthYear,
      birthMonth: input.birthMonth,
      seenAgeBand: ageBandOfUser(input),
      // Signing up accepts the Termini in force ('Registrandoti accetti i Termini'; the REST call likewise).
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: new Date(),
      ...quietHoursOf(quietHoursDefault),
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
    });
    await em.flush();
    return user;
  });
}
