import type { EntityManager } from '@mikro-orm/postgresql';
import { RADUNO_KEPT_DAYS } from '../../rpc/schemas/raduni.ts';

/**
 * The meets' part of the daily clean-up (settings/maintenance.ts), in its transaction: RADUNO_KEPT_DAYS
 * after a meet's end (or its cancelled date's), who went, shared, sat where and checked in is deleted —
 * and with it every pool and count, which are built from those rows. The meet itself stays, like its place,
 * and the swaps made there keep naming it. Answers how many rows went.
 */
export async function cleanUpRaduni(tx: EntityManager): Promise<number> {
  const gone = await tx.execute<{ raduno_id: number }[]>(
    `delete from raduno_participant p using raduno r
      where r.id = p.raduno_id and r.ends_at < now() - make_interval(days => ?)
      returning p.raduno_id`,
    [RADUNO_KEPT_DAYS],
  );
  return gone.length;
}
