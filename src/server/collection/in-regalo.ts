import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import { sameAgeSideSql } from '../db/age-band-sql.ts';
import { DomainError } from '../domain-error.ts';
import { completesAlbumSql } from './completion.ts';

export const NOT_COMPLETE_MESSAGE = "Completa l'album prima di mettere in regalo i doppioni";

/**
 * 'In regalo' (issue 49, row 5, docs/decisions/059): a collector who completed an album may give its
 * remaining doubles away. A gift holds while the album stays complete (a sticker un-marked suspends it
 * until the album is complete again) and only between collectors on the same side of the age line: a free
 * gift must never become a lure from an adult to a child, so across ages it is an ordinary swap.
 */
const givesAwaySql = (collection: string, giver: string, taker: string) =>
  `(${collection}.in_regalo and ${completesAlbumSql(collection)} and ${sameAgeSideSql(giver, taker)})`;

/** Which of `giverIds` give `takerId` their doubles of an album for nothing now. */
export async function giftsTo(
  em: EntityManager,
  takerId: number,
  albumId: number,
  giverIds: readonly number[],
): Promise<Set<number>> {
  if (giverIds.length === 0) return new Set();
  const rows = await em.execute<{ user_id: number }[]>(
    `select c.user_id
       from collection c join app_user giver on giver.id = c.user_id, app_user taker
      where c.album_id = ? and c.user_id = any(string_to_array(?, ',')::int[]) and taker.id = ?
        and ${givesAwaySql('c', 'giver', 'taker')}`,
    [albumId, [...new Set(giverIds)].join(','), takerId],
  );
  return new Set(rows.map((row) => row.user_id));
}

/** Whether my doubles of an album are in regalo, as I set it. */
export async function inRegaloOf(em: EntityManager, userId: number, albumId: number) {
  await findAlbumOrFail(em, albumId);
  const [row] = await em.execute<{ in_regalo: boolean }[]>(
    'select in_regalo from collection where user_id = ? and album_id = ?',
    [userId, albumId],
  );
  return { inRegalo: row?.in_regalo ?? false };
}

/**
 * Puts my doubles of an album in regalo, only once the album is complete (extras aside, decision 057;
 * 400 otherwise), or takes them out of it, always.
 */
export async function setInRegalo(
  em: EntityManager,
  userId: number,
  input: { albumId: number; inRegalo: boolean },
) {
  await findAlbumOrFail(em, input.albumId);
  const updated = await em.execute<{ in_regalo: boolean }[]>(
    `update collection c set in_regalo = ?
      where c.user_id = ? and c.album_id = ? and (not ?::boolean or ${completesAlbumSql('c')})
      returning in_regalo`,
    [input.inRegalo, userId, input.albumId, input.inRegalo],
  );
  if (input.inRegalo && updated.length === 0) throw new DomainError('BAD_REQUEST', NOT_COMPLETE_MESSAGE);
  return { inRegalo: input.inRegalo };
}
