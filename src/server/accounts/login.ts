import type { EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import type { LoginInput } from '../../rpc/schemas/account.ts';
import { User } from '../db/entities/user.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyAgainstDecoy, verifyPassword } from './password.ts';

export const WRONG_CREDENTIALS_MESSAGE = 'Nickname o password non corretti';
export const DEACTIVATED_MESSAGE = 'Questo account è stato disattivato. Contatta il supporto.';

/** Checks the credentials, slowed down by the throttle; the caller starts the session. */
export async function authenticate(
  em: EntityManager,
  throttle: LoginThrottle,
  input: LoginInput,
  ip: string,
): Promise<User> {
  const waitMinutes = await throttle.waitMinutes(input.nickname, ip);
  if (waitMinutes !== undefined) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Troppi tentativi di accesso non riusciti. Riprova tra ${waitMinutes} minut${waitMinutes === 1 ? 'o' : 'i'}.`,
    });
  }
  const user = await em.findOne(User, { nickname: input.nickname }, { populate: ['passwordHash'] });
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDecoy(input.password);
  if (!user || !valid) {
    await throttle.recordFailure(input.nickname, ip);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: WRONG_CREDENTIALS_MESSAGE });
  }
  if (!user.isActive) throw new TRPCError({ code: 'FORBIDDEN', message: DEACTIVATED_MESSAGE });
  await throttle.recordSuccess(input.nickname);
  user.lastLoginAt = new Date();
  await em.flush();
  return user;
}
