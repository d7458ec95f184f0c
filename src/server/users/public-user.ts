import { ageBandOfUser, ageBandRise } from '../../rpc/schemas/age-band-rule.ts';
import { TERMS_VERSION } from '../../rpc/schemas/terms.ts';
import type { Me } from '../../rpc/schemas/users.ts';
import type { ProfileParent } from '../auth/sessions.ts';
import type { User } from '../db/entities/user.ts';

/**
 * The current user as GET /api/auth/me returns it: the profile in use, with its parent when a parent's
 * session acts as a child profile (issue 45, row 2).
 */
export function toMe(user: User, parent: ProfileParent | null = null): Me {
  return {
    id: user.id,
    nickname: user.nickname,
    cap: user.cap,
    comune: user.comune ?? null,
    albumSelezionato: user.albumSelezionato ?? null,
    raggioKm: user.raggioKm,
    mixSpecialKinds: user.mixSpecialKinds,
    isPremium: user.isPremium,
    trialEndsAt: user.trialEndsAt.toISOString(),
    isAdmin: user.isAdmin,
    showPresence: user.showPresence,
    email: user.email ?? null,
    emailVerified: Boolean(user.email && user.emailVerifiedAt),
    ageBand: ageBandOfUser(user),
    birthDateMissing: user.birthYear == null,
    visibleToAdults: user.visibleToAdults,
    ageBandRose: ageBandRise(user.seenAgeBand, ageBandOfUser(user)),
    parent,
    // A child profile's Termini are its parent's, who accepts them for their own account.
    termsOutdated: parent === null && user.parentId == null && user.termsVersion !== TERMS_VERSION,
  };
}
