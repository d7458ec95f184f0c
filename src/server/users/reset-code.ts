import type { EntityManager } from '@mikro-orm/postgresql';
import type { ResetCode } from '../../rpc/schemas/reset-code.ts';
import { issueToken, TOKEN_TTL_MS } from '../auth/account-tokens.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';

/**
 * An admin's one-time code for a collector who cannot receive a reset link (issue 32): 24 hours, one use,
 * answered this once (only its hash is kept); a new one voids the previous. Only for an active collector:
 * never for an admin (one admin must not be able to take over another's account), a demo collector (who
 * cannot log in) or a deactivated account (reactivate it first).
 */
export async function issueResetCode(em: EntityManager, userId: number): Promise<ResetCode> {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, userId);
    if (!user) throw new DomainError('NOT_FOUND', 'Utente non trovato');
    if (user.isAdmin) {
      throw new DomainError('BAD_REQUEST', 'Il codice di ripristino è solo per i collezionisti');
    }
    if (user.isDemo) throw new DomainError('BAD_REQUEST', 'I collezionisti demo non possono accedere');
    if (user.parentId != null) {
      throw new DomainError('BAD_REQUEST', 'Un profilo famiglia non ha una password: lo usa il genitore');
    }
    if (!user.isActive) {
      throw new DomainError('BAD_REQUEST', "L'account è disattivato: riattivalo prima di dare un codice");
    }
    const code = await issueToken(tx, { userId, purpose: 'reset_code' });
    const expiresAt = new Date(Date.now() + TOKEN_TTL_MS.reset_code).toISOString();
    return { code, expiresAt };
  });
}
