import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type ConfirmPasswordResetInput,
  INVALID_RESET_MESSAGE,
} from '../../rpc/schemas/password-reset-confirm.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import type { RateLimits } from '../rate-limits.ts';
import { consumeToken } from './account-tokens.ts';
import { minutesText } from './login-throttle.ts';
import { hashPassword } from './password.ts';
import { endUserSessions } from './sessions.ts';

const invalid = () => new DomainError('BAD_REQUEST', INVALID_RESET_MESSAGE);

async function refuseWhenLimited(limit: RateLimits['passwordResetConfirms'], key: string) {
  const waitSeconds = await limit.take(key);
  if (waitSeconds !== undefined) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Troppi tentativi di ripristino: riprova tra ${minutesText(Math.ceil(waitSeconds / 60))}`,
    );
  }
}

/** Whose secret this is, used up here: a link's token, or an admin's code with its account's nickname. */
async function consumeSecret(tx: EntityManager, input: ConfirmPasswordResetInput) {
  if (input.token !== undefined) {
    const used = await consumeToken(tx, 'reset_password', input.token);
    if (!used) return undefined;
    const user = await tx.findOne(User, used.userId);
    // A link sent to an address the account no longer has is worth nothing.
    if (user && used.email !== null && user.email !== used.email) return undefined;
    return user ?? undefined;
  }
  const user = await tx.findOne(User, { nickname: input.nickname as string });
  if (!user) return undefined;
  const used = await consumeToken(tx, 'reset_code', input.code as string, user.id);
  return used ? user : undefined;
}

/**
 * Sets a new password with a reset link's token or an admin's code (issue 32) and ends every session of
 * the account (their streams are told). Every failure (bad, used or expired secret, unknown nickname,
 * deactivated account) is the same 400, so nothing says which accounts exist; a deactivated account stays
 * so and keeps its secret unused (the transaction rolls back). Tries are limited per client address, and
 * code guesses per nickname too.
 */
export async function confirmPasswordReset(
  em: EntityManager,
  limits: Pick<RateLimits, 'passwordResetConfirms' | 'resetCodeGuesses'>,
  ip: string,
  input: ConfirmPasswordResetInput,
): Promise<void> {
  await refuseWhenLimited(limits.passwordResetConfirms, `ip:${ip}`);
  if (input.nickname !== undefined) {
    await refuseWhenLimited(limits.resetCodeGuesses, `nickname:${input.nickname}`);
  }
  await em.transactional(async (tx) => {
    const user = await consumeSecret(tx, input);
    if (!user?.isActive || user.isDemo) throw invalid();
    const passwordHash = await hashPassword(input.password);
    await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
    await endUserSessions(tx, user.id);
  });
}
