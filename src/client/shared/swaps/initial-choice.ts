/** The server's bound on each side of a proposal. */
export const SIDE_MAX = 50;

/**
 * What the chooser starts from: as many 1:1 exchanges as both sides allow (what the match card counted),
 * the first stickers of each list; or, when I am after one sticker of theirs (`wanted`, 'Le mie ultime'),
 * that one for my first double. The collector edits from there, N:M included.
 */
export function initialChoice<T extends { number: string }>(
  give: readonly T[],
  receive: readonly T[],
  wanted?: string,
) {
  if (wanted !== undefined && receive.some((sticker) => sticker.number === wanted)) {
    return { give: new Set(give.slice(0, 1).map((sticker) => sticker.number)), receive: new Set([wanted]) };
  }
  const pairs = Math.min(give.length, receive.length, SIDE_MAX);
  return {
    give: new Set(give.slice(0, pairs).map((sticker) => sticker.number)),
    receive: new Set(receive.slice(0, pairs).map((sticker) => sticker.number)),
  };
}

export function toggled(set: ReadonlySet<string>, number: string): Set<string> {
  const next = new Set(set);
  if (!next.delete(number)) next.add(number);
  return next;
}

/** Why 'Invia proposta' cannot be pressed yet, or null when it can. */
export function choiceProblem(give: ReadonlySet<string>, receive: ReadonlySet<string>): string | null {
  if (give.size === 0 || receive.size === 0) return 'Scegli almeno una figurina per parte';
  if (give.size > SIDE_MAX || receive.size > SIDE_MAX) return `Al massimo ${SIDE_MAX} figurine per parte`;
  return null;
}
