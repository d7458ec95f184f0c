import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { giftsTo } from '../collection/in-regalo.ts';
import { compareStickerNumbers } from '../stickers/natural-order.ts';
import { assertMaySwapWith } from './swap-access.ts';

export type SpareSticker = { id: number; slot: number; number: string; name: string; kind: StickerKind };

/** The 409 naming the stickers asked for that are not (or no longer) available. */
export const unavailableMessage = (numbers: string[]) =>
  `${numbers.length === 1 ? 'Figurina non più disponibile' : 'Figurine non più disponibili'}: ${numbers.join(', ')}`;

/**
 * The stickers `giverId` could give `takerId` in an album now: the giver's doubles with a spare no
 * accepted swap holds (other than `exceptSwapId`), that the taker does not have, in number order.
 */
export async function availableSpares(
  em: EntityManager,
  giverId: number,
  takerId: number,
  albumId: number,
  exceptSwapId = 0,
): Promise<SpareSticker[]> {
  const rows = await em.execute<SpareSticker[]>(
    `select s.id, s.slot, s.number, s.name, s.kind
       from sticker s
       join collection g on g.user_id = ? and g.album_id = s.album_id
       left join collection t on t.user_id = ? and t.album_id = s.album_id
       left join sticker_spare sp on sp.user_id = g.user_id and sp.sticker_id = s.id
      where s.album_id = ? and get_bit(g.doubles, s.slot) = 1
        and (t.owned is null or get_bit(t.owned, s.slot) = 0)
        and coalesce(sp.spares, 1) > (
          select count(*) from swap_item i join swap w on w.id = i.swap_id and w.status = 'accettato'
           where i.giver_id = g.user_id and i.sticker_id = s.id and w.id <> ?)`,
    [giverId, takerId, albumId, exceptSwapId],
  );
  return rows.sort((a, b) => compareStickerNumbers(a.number, b.number));
}

/**
 * For each of my stickers in this album that an open swap (proposed or accepted, within its time) has me
 * give: the other collectors of those swaps, by nickname.
 */
async function offeredTo(em: EntityManager, meId: number, albumId: number) {
  const rows = await em.execute<{ sticker_id: number; nicknames: string[] }[]>(
    `select i.sticker_id, array_agg(distinct u.nickname order by u.nickname) as nicknames
       from swap w
       join swap_item i on i.swap_id = w.id and i.giver_id = ?
       join app_user u on u.id = case when w.from_user_id = ? then w.to_user_id else w.from_user_id end
      where w.album_id = ? and w.status in ('proposto', 'accettato') and w.expires_at > now()
      group by i.sticker_id`,
    [meId, meId, albumId],
  );
  return new Map(rows.map((row) => [row.sticker_id, row.nicknames]));
}

/** My saved 'Scambia anche speciali con normali' (issue 49, row 3). */
async function savedMixKinds(em: EntityManager, meId: number) {
  const [row] = await em.execute<{ mix_special_kinds: boolean }[]>(
    'select mix_special_kinds from app_user where id = ?',
    [meId],
  );
  return row?.mix_special_kinds === true;
}

/**
 * The chooser's lists: my available spares they miss (`give`, each with whom an open swap already offers
 * it to), theirs I miss (`receive`), each with its kind; `meetingRequired` when we are an adult and a minor, whose proposal
 * names a Punto Scambio and a time window; `gift` when their doubles are in regalo for me (issue 49, row 5):
 * I only choose what I receive.
 */
export async function swapOptions(
  em: EntityManager,
  meId: number,
  input: { userId: number; albumId: number },
) {
  const named = ({ number, name, kind }: SpareSticker) => ({ number, name, kind });
  await findAlbumOrFail(em, input.albumId);
  const { adultAndMinor } = await assertMaySwapWith(em, meId, input.userId);
  const give = await availableSpares(em, meId, input.userId, input.albumId);
  const receive = await availableSpares(em, input.userId, meId, input.albumId);
  const promised = await offeredTo(em, meId, input.albumId);
  return {
    give: give.map((sticker) => ({ ...named(sticker), offeredTo: promised.get(sticker.id) ?? [] })),
    receive: receive.map(named),
    meetingRequired: adultAndMinor,
    mixKinds: await savedMixKinds(em, meId),
    gift: (await giftsTo(em, meId, input.albumId, [input.userId])).has(input.userId),
  };
}
