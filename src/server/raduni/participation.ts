import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import type { User } from '../db/entities/user.ts';
import { openRaduno, radunoFor } from './raduni.ts';

/**
 * 'Ci vado' (issue 46, row 2): going or not, before the meet ends. Sharing my lists with the others who go
 * is on by default for an adult and off for a minor (for a child profile, the parent's choice as they act
 * as it); an answer that leaves it out keeps what was chosen before.
 */
export async function participate(
  em: EntityManager,
  me: User,
  input: { id: number; ciVado: boolean; condividi?: boolean | undefined; tavolo?: string | undefined },
) {
  await openRaduno(em, input.id);
  if (!input.ciVado) {
    await em.execute('delete from raduno_participant where raduno_id = ? and user_id = ?', [input.id, me.id]);
    return radunoFor(em, me, input.id);
  }
  const byDefault = !isMinor(ageBandOfUser(me));
  await em.execute(
    `insert into raduno_participant (raduno_id, user_id, shares, table_label) values (?, ?, ?, ?)
     on conflict (raduno_id, user_id) do update
       set shares = coalesce(?, raduno_participant.shares),
           table_label = coalesce(?, raduno_participant.table_label)`,
    [
      input.id,
      me.id,
      input.condividi ?? byDefault,
      input.tavolo ?? '',
      input.condividi ?? null,
      input.tavolo ?? null,
    ],
  );
  return radunoFor(em, me, input.id);
}
