import type { EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import type { ChangePasswordInput, ProfileInput } from '../../rpc/schemas/account.ts';
import { findAlbumOrFail } from '../catalogue/albums.ts';
import type { Session } from '../db/entities/session.ts';
import { User } from '../db/entities/user.ts';
import { locateCap } from './cap-location.ts';
import { withUniqueNickname } from './nickname.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { endUserSessions, startSession } from './sessions.ts';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'La password attuale non è corretta';

export async function updateProfile(em: EntityManager, user: User, input: ProfileInput): Promise<User> {
  if (input.cap !== user.cap) Object.assign(user, { cap: input.cap }, locateCap(input.cap));
  user.nickname = input.nickname;
  if (input.albumSelezionato) await findAlbumOrFail(em, input.albumSelezionato);
  if (input.albumSelezionato !== undefined) user.albumSelezionato = input.albumSelezionato;
  if (input.raggioKm !== undefined) user.raggioKm = input.raggioKm;
  await withUniqueNickname(() => em.flush());
  return user;
}

/**
 * Changes the password and ends every session of this user, this browser's too: the caller gets a new
 * session back, so a cookie copied before the change is worth nothing after it.
 */
export async function changePassword(
  em: EntityManager,
  userId: number,
  input: ChangePasswordInput,
): Promise<Session> {
  const user = await em.findOneOrFail(User, userId, { populate: ['passwordHash'] });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: WRONG_CURRENT_PASSWORD_MESSAGE });
  }
  const passwordHash = await hashPassword(input.newPassword);
  return em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: userId }, { passwordHash });
    await endUserSessions(tx, userId);
    return startSession(tx, tx.getReference(User, userId));
  });
}
