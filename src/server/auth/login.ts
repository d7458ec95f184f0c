import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoginInput } from '../../rpc/schemas/auth.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { deviceNonceFor } from './device-cookie.ts';
import { type LoginThrottle, minutesText } from './login-throttle.ts';
import { verifyAgainstDecoy, verifyPassword } from './password.ts';
import { liftExpiredSuspensions, suspendedMessage } from './suspension.ts';

const WRONG_CREDENTIALS_MESSAGE = 'Nickname o password non corretti';
const DEACTIVATED_MESSAGE = 'Questo account è stato disattivato. Contatta il supporto.';

const THROTTLED_MESSAGES = {
  failures: 'Troppi tentativi di accesso non riusciti.',
  address: 'Troppi tentativi di accesso non riusciti da questo indirizzo.',
  logins: 'Troppi accessi a questo account.',
} as const;

/** Who is asking: the client's address and the device cookie it sent, if any. */
type LoginClient = { ip: string; deviceCookie: string | undefined; secret: string };

/**
 * Checks the credentials under the throttle; the caller starts the session and issues a new device
 * cookie. A browser holding a device cookie for this account is counted on its own (others' failures do
 * not lock it out); any other client per nickname, and per address against spraying (decision 009).
 */
export async function authenticate(
  em: EntityManager,
  throttle: LoginThrottle,
  input: LoginInput,
  client: LoginClient,
): Promise<User> {
  const user = await em.findOne(User, { nickname: input.nickname }, { populate: ['passwordHash'] });
  const nonce = await deviceNonceFor(client.secret, client.deviceCookie, user?.id);
  const attempt = nonce
    ? { failures: `device:${nonce}`, account: user?.id }
    : { failures: `nickname:${input.nickname}`, address: `ip:${client.ip}`, account: user?.id };
  const check = await throttle.checkLogin(attempt, () =>
    // A demo collector (decision 028) and a child profile (issue 45: its parent acts as it) answer as an
    // unknown nickname does, in the same time.
    user && !user.isDemo && user.parentId == null
      ? verifyPassword(user.passwordHash, input.password)
      : verifyAgainstDecoy(input.password),
  );
  if (check.outcome === 'throttled') {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `${THROTTLED_MESSAGES[check.limit]} Riprova tra ${minutesText(check.waitMinutes)}.`,
    );
  }
  if (!user || user.isDemo || user.parentId != null || check.outcome === 'wrong') {
    throw new DomainError('UNAUTHORIZED', WRONG_CREDENTIALS_MESSAGE);
  }
  if (!user.isActive && user.suspendedUntil) {
    await liftExpiredSuspensions(em, user.id);
    await em.refresh(user);
  }
  if (!user.isActive && user.suspendedUntil)
    throw new DomainError('FORBIDDEN', suspendedMessage(user.suspendedUntil));
  if (!user.isActive) throw new DomainError('FORBIDDEN', DEACTIVATED_MESSAGE);
  return user;
}
