import type { EntityManager } from '@mikro-orm/postgresql';
import { EXCHANGE_LIST_MAX } from '../../rpc/schemas/matches.ts';
import { RADIUS_KM } from '../../rpc/schemas/users-limits.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { BLOCKED_CONTACT_MESSAGES, refuseBlockedPair } from '../blocks/blocked-pair.ts';
import { hasBit } from '../collection/bitmap.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { compareStickerNumbers } from '../stickers/natural-order.ts';
import { couldSeeInSearchSql, theyGiveSql } from './could-see-in-search.ts';
import { hiddenByAgeSql } from './hidden-minors.ts';
import { NO_ALBUM_SELECTED_MESSAGE } from './potential-matches.ts';

export const NOT_IN_SEARCH_MESSAGE = 'Questo collezionista non è più tra i risultati della ricerca';

type Sticker = { slot: number; number: string; name: string };

function listOf(bits: string, stickers: Sticker[]) {
  const listed = stickers.filter((sticker) => hasBit(bits, sticker.slot));
  return {
    count: listed.length,
    stickers: listed.slice(0, EXCHANGE_LIST_MAX).map(({ number, name }) => ({ number, name })),
  };
}

/**
 * Everything a candidate's card lists once opened: my doubles they miss and their doubles I miss, with
 * the stickers' names. Only for a collector the search could show me in this album within the slider's
 * largest radius (could-see-in-search.ts), so nobody else's collection can be read this way.
 * Doubles whose every spare accepted swaps hold are not listed (decision 015). Never between a blocked
 * pair, whoever blocked (decision 016).
 */
export async function candidateExchanges(
  em: EntityManager,
  me: User,
  search: { userId: number; albumId?: number },
) {
  const albumId = search.albumId ?? me.albumSelezionato;
  if (!albumId) throw new DomainError('BAD_REQUEST', NO_ALBUM_SELECTED_MESSAGE);
  await findAlbumOrFail(em, albumId);
  await refuseBlockedPair(em, me.id, search.userId, BLOCKED_CONTACT_MESSAGES);
  const [row] = await em.execute<{ give_bits: string; receive_bits: string }[]>(
    `with me as (
       select coalesce(c.owned, repeat('0', a.slot_capacity)::varbit) as owned,
              coalesce(c.doubles & ~c.reserved, repeat('0', a.slot_capacity)::varbit) as doubles
         from album a left join collection c on c.album_id = a.id and c.user_id = ?
        where a.id = ?
     )
     select (me.doubles & ~theirs.owned)::text as give_bits,
            (theirs.doubles & ~theirs.reserved & ~me.owned)::text as receive_bits
       from collection theirs cross join me
       join app_user my_place on my_place.id = ?
       join app_user they on they.id = theirs.user_id
      where theirs.user_id = ? and theirs.album_id = ? and not ${hiddenByAgeSql('my_place', 'they')}
        and ${couldSeeInSearchSql(
          'theirs',
          {
            distanceKm: greatCircleKmSql(
              'theirs.latitude',
              'theirs.longitude',
              'my_place.latitude',
              'my_place.longitude',
            ),
            theyGive: theyGiveSql('theirs', '~me.owned'),
          },
          { id: 'my_place.id', radiusKm: String(RADIUS_KM.max) },
        )}`,
    [me.id, albumId, me.id, search.userId, albumId],
  );
  if (!row) throw new DomainError('NOT_FOUND', NOT_IN_SEARCH_MESSAGE);
  const stickers = await em.execute<Sticker[]>('select slot, number, name from sticker where album_id = ?', [
    albumId,
  ]);
  stickers.sort((a, b) => compareStickerNumbers(a.number, b.number));
  return { give: listOf(row.give_bits, stickers), receive: listOf(row.receive_bits, stickers) };
}
