import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangePasswordInput, ProfileInput } from '../../rpc/schemas/users.ts';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../rpc/schemas/users-messages.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { setOwnBirthDate } from '../auth/age-band.ts';
import { type LoginThrottle, minutesText } from '../auth/login-throttle.ts';
import { withUniqueNickname } from '../auth/nickname.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { endUserSessions, startSession } from '../auth/sessions.ts';
import type { Session } from '../db/entities/session.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { locateCap } from '../geo/cap-location.ts';

export async function updateProfile(em: EntityManager, user: User, input: ProfileInput): Promise<User> {
  const { birthYear, birthMonth } = input;
  if (birthYear !== undefined && birthMonth !== undefined) setOwnBirthDate(user, { birthYear, birthMonth });
  // An unchanged CAP without a comune keeps the point it has (profiles from before the comune choice).
  const moved = input.cap !== user.cap || (input.comune !== undefined && input.comune !== user.comune);
  if (moved) Object.assign(user, { cap: input.cap }, locateCap(input.cap, input.comune));
  user.nickname = input.nickname;
  if (input.albumSelezionato) await findAlbumOrFail(em, input.albumSelezionato);
  if (input.albumSelezionato !== undefined) user.albumSelezionato = input.albumSelezionato;
  if (input.raggioKm !== undefined) user.raggioKm = input.raggioKm;
  if (input.visibleToAdults !== undefined) user.visibleToAdults = input.visibleToAdults;
  await withUniqueNickname(() => em.flush());
  return user;
}

/**
 * Changes the password and ends every session of this user, this browser's too: the caller gets a new
 * session back, so a cookie copied before the change is worth nothing after it. Guesses of the current
 * password (e.g. from a stolen session) are throttled per account like logins.
 */
export async function changePassword(
  em: EntityManager,
  throttle: LoginThrottle,
  userId: number,
  input: ChangePasswordInput,
  userAgent?: string,
): Promise<Session> {
  const user = await em.findOneOrFail(User, userId, { populate: ['passwordHash'] });
  const check = await throttle.check([`password-change:${userId}`], () =>
    verifyPassword(user.passwordHash, input.currentPassword),
  );
  if (check.outcome === 'throttled') {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Troppi tentativi con la password attuale. Riprova tra ${minutesText(check.waitMinutes)}.`,
    );
  }
  if (check.outcome === 'wrong') {
    throw new DomainError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: userId }, { passwordHash });
    await endUserSessions(tx, userId);
    return startSession(tx, tx.getReference(User, userId), userAgent);
  });
}
