import type { EntityManager } from '@mikro-orm/postgresql';
import type { RegisterInput } from '../../rpc/schemas/account.ts';
import { User } from '../db/entities/user.ts';
import { locateCap } from './cap-location.ts';
import { withUniqueNickname } from './nickname.ts';
import { hashPassword } from './password.ts';

export const TRIAL_DAYS = 30;

export async function registerUser(em: EntityManager, input: RegisterInput): Promise<User> {
  const location = locateCap(input.cap);
  const passwordHash = await hashPassword(input.password);
  return withUniqueNickname(async () => {
    const user = em.create(User, {
      nickname: input.nickname,
      passwordHash,
      cap: input.cap,
      ...location,
      raggioKm: input.raggioKm,
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
    });
    await em.flush();
    return user;
  });
}
