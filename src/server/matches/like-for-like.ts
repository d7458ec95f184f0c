/**
 * Like for like (issue 49, row 3) in SQL, from the rule's groups (rpc/schemas/like-for-like-rule.ts):
 * like-for-like.test.ts holds the two to the same counts. The search reads an album's kinds as two
 * bitmaps of its length, `speciale` and `extra`; base is what is neither.
 */
import { pairingGroups } from '../../rpc/schemas/like-for-like-rule.ts';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';

/** SQL: the bitmap of an album's stickers of one kind (`album`: an alias of `album`), zeros when it has none. */
export const kindMaskSql = (album: string, kind: Exclude<StickerKind, 'base'>) =>
  `coalesce((select bit_or(set_bit(repeat('0', ${album}.slot_capacity)::varbit, s.slot, 1))::varbit
               from sticker s where s.album_id = ${album}.id and s.kind = '${kind}'),
            repeat('0', ${album}.slot_capacity)::varbit)`;

/** The album's kinds as the search reads them: SQL expressions of its two masks, and whether it has any. */
export type KindMasksSql = { speciale: string; extra: string; plain: string };

/** SQL: how many of `bits` are of each kind. */
const kindCountsSql = (bits: string, masks: KindMasksSql): Record<StickerKind, string> => {
  const speciale = `bit_count(${bits} & ${masks.speciale})`;
  const extra = `bit_count(${bits} & ${masks.extra})`;
  return { base: `(bit_count(${bits}) - ${speciale} - ${extra})`, speciale, extra };
};

const swapsOfGroupsSql = (
  they: Record<StickerKind, string>,
  mine: Record<StickerKind, string>,
  mixKinds: boolean,
) =>
  pairingGroups(mixKinds)
    .map(
      (group) =>
        `least(${group.map((kind) => they[kind]).join(' + ')}, ${group.map((kind) => mine[kind]).join(' + ')})`,
    )
    .join(' + ');

/**
 * SQL: the like-for-like swaps between `theyGive` (a bitmap: their swappable doubles I miss) and `iGive`
 * (mine they miss); `mixKinds` is an SQL boolean (the searcher's switch). An album with neither kind
 * counts as before, without the per-kind counts.
 */
export const likeForLikeSwapsSql = (
  theyGive: string,
  iGive: string,
  masks: KindMasksSql,
  mixKinds: string,
) => {
  const they = kindCountsSql(theyGive, masks);
  const mine = kindCountsSql(iGive, masks);
  return `(case when ${masks.plain} then least(bit_count(${theyGive}), bit_count(${iGive}))
                when ${mixKinds} then ${swapsOfGroupsSql(they, mine, true)}
                else ${swapsOfGroupsSql(they, mine, false)} end)`;
};
