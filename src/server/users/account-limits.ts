import type { EntityManager } from '@mikro-orm/postgresql';
import { italianMoment } from '../../rpc/schemas/italian-dates.ts';

import { DomainError } from '../domain-error.ts';

export const limitedMessage = (until: Date | string) =>
  `Il tuo account è limitato fino al ${italianMoment(until)}: non puoi aprire nuove chat né proporre scambi`;

/**
 * An admin's 'Limita' (issue 47, row 3): until `limited_until` the collector opens no new chat and
 * proposes no swap; what is already going on (chats, swaps, answers) goes on.
 */
export async function refuseIfLimited(em: EntityManager, userId: number) {
  const [row] = await em.execute<{ limited_until: Date }[]>(
    'select limited_until from app_user where id = ? and limited_until > now()',
    [userId],
  );
  if (row) throw new DomainError('FORBIDDEN', limitedMessage(row.limited_until));
}
