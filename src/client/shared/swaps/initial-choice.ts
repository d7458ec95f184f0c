import { pairingGroups, pairLikeForLike } from '../../../rpc/schemas/like-for-like-rule.ts';
import type { StickerKind } from '../../../rpc/schemas/stickers.ts';

/** The server's bound on each side of a proposal. */
export const SIDE_MAX = 50;

/**
 * What the chooser starts from: the 1:1 exchanges the match card counted, like for like (issue 49, row 3:
 * base for base, speciale for speciale unless `mixKinds`, extra for extra), the first stickers of each
 * kind; or, when I am after one sticker of theirs (`wanted`, 'Le mie ultime'), that one for my first
 * double that pairs with it (my first double if none does). The collector edits from there, N:M and any
 * kind included.
 */
export function initialChoice<T extends { number: string; kind: StickerKind }>(
  give: readonly T[],
  receive: readonly T[],
  mixKinds: boolean,
  wanted?: string,
) {
  const target = wanted === undefined ? undefined : receive.find((sticker) => sticker.number === wanted);
  if (target) {
    const group = pairingGroups(mixKinds).find((kinds) => kinds.includes(target.kind)) ?? [];
    const mine =
      give.find((sticker) => sticker.kind === target.kind) ??
      give.find((sticker) => group.includes(sticker.kind)) ??
      give[0];
    return { give: new Set(mine ? [mine.number] : []), receive: new Set([target.number]) };
  }
  const pairs = pairLikeForLike(give, receive, mixKinds).slice(0, SIDE_MAX);
  return {
    give: new Set(pairs.map(([mine]) => mine.number)),
    receive: new Set(pairs.map(([, theirs]) => theirs.number)),
  };
}

export function toggled(set: ReadonlySet<string>, number: string): Set<string> {
  const next = new Set(set);
  if (!next.delete(number)) next.add(number);
  return next;
}

/**
 * Why 'Invia proposta' cannot be pressed yet, or null when it can. Asking for a `gift` (their doubles in
 * regalo, issue 49, row 5), I give nothing and choose only what I receive.
 */
export function choiceProblem(
  give: ReadonlySet<string>,
  receive: ReadonlySet<string>,
  gift = false,
): string | null {
  if (gift && receive.size === 0) return 'Scegli almeno una figurina che ricevi';
  if (!gift && (give.size === 0 || receive.size === 0)) return 'Scegli almeno una figurina per parte';
  if (give.size > SIDE_MAX || receive.size > SIDE_MAX) return `Al massimo ${SIDE_MAX} figurine per parte`;
  return null;
}
