import type { EntityManager } from '@mikro-orm/postgresql';
import type { Auth } from '../../rpc/context.ts';
import { type ProfileParent, switchSessionProfile } from '../auth/sessions.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';

export const NOT_YOUR_PROFILE_MESSAGE = 'Non puoi usare questo profilo';

/**
 * 'Usa questo profilo' (issue 45, row 2): the session acts as a child profile of its user, or as its user
 * again (their own id). Anything else — someone else's child, a deleted one, any other account — is 403.
 * The caller seals the cookie for the profile now in use.
 */
export async function switchProfile(
  em: EntityManager,
  auth: Auth,
  profileId: number,
): Promise<{ user: User; parent: ProfileParent | null }> {
  const account = auth.parent ?? { id: auth.user.id, nickname: auth.user.nickname };
  if (profileId === account.id) {
    await switchSessionProfile(em, auth.sessionId, null);
    const user = await em.findOneOrFail(User, account.id);
    return { user, parent: null };
  }
  const child = await em.findOne(User, {
    id: profileId,
    parentId: account.id,
    deletedAt: null,
    isActive: true,
  });
  if (!child) throw new DomainError('FORBIDDEN', NOT_YOUR_PROFILE_MESSAGE);
  await switchSessionProfile(em, auth.sessionId, child.id);
  return { user: child, parent: account };
}
