import type { StickerKind } from '../../../rpc/schemas/stickers.ts';

/**
 * Completion as collectors count it (issue 49), the client's spelling of src/server/collection/completion.ts:
 * an album's extras are outside its total, its percentage and what I miss, and have a count of their own.
 * A stickers list kept on the device from before kinds existed has none: a sticker without one is 'base'.
 */
type Kinded = { kind?: StickerKind | undefined };

export const kindOf = (sticker: Kinded): StickerKind => sticker.kind ?? 'base';

/** Whether a sticker counts towards the album's completion: every one but the extras. */
export const isCounted = (sticker: Kinded): boolean => kindOf(sticker) !== 'extra';

export type Completion = {
  /** The counted stickers, the ones of them I have, and the ones I miss. */
  total: number;
  owned: number;
  missing: number;
  /** Owned of total as a whole percent; 0 for an album without counted stickers. */
  percent: number;
  extras: { total: number; owned: number };
};

export function completionPercent(owned: number, total: number): number {
  return total === 0 ? 0 : Math.round((owned / total) * 100);
}

/**
 * Whether an album is complete: it has counted stickers and I have every one of them, extras or not
 * ('Album completato', issue 49). From any figures counted by this rule: the album's statistics, the
 * summary's, the album list's progress.
 */
export const isComplete = ({ owned, total }: Pick<Completion, 'owned' | 'total'>): boolean =>
  total > 0 && owned >= total;

/** An album's completion from its stickers and whether I have each. */
export function completionOf<S extends Kinded & { id: number }>(
  stickers: readonly S[],
  owns: (stickerId: number) => boolean,
): Completion {
  let total = 0;
  let owned = 0;
  const extras = { total: 0, owned: 0 };
  for (const sticker of stickers) {
    const mine = owns(sticker.id);
    if (isCounted(sticker)) {
      total += 1;
      if (mine) owned += 1;
    } else {
      extras.total += 1;
      if (mine) extras.owned += 1;
    }
  }
  return { total, owned, missing: total - owned, percent: completionPercent(owned, total), extras };
}

/** The ids of an album's extras, from its stickers list (empty when the list is not on the device). */
export function extraIds(stickers: readonly (Kinded & { id: number })[] | undefined): ReadonlySet<number> {
  return new Set((stickers ?? []).filter((sticker) => !isCounted(sticker)).map((sticker) => sticker.id));
}

/** 'Extra: 3 di 20': the extras I have of the album's, counted apart. */
export const extrasText = ({ owned, total }: Completion['extras']) => `Extra: ${owned} di ${total}`;
