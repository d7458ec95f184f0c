import type { RouterOutputs } from '../../shared/api/trpc.ts';
import { displayNumber } from '../../shared/format/sticker-number.ts';

export type Candidate = RouterOutputs['matches']['potential'][number];

/** Spec §9: a card lists at most three exchanges; the rest is a count. */
export const EXCHANGES_SHOWN = 3;
/** Enough numbers to judge a collector who can only give, few enough for one line on a phone. */
const GIFTS_SHOWN = 6;

/** The first exchanges as 'give ↔ receive' lines, and how many more the collector could make. */
export function exchangePreview(candidate: Candidate): { lines: string[]; more: number } {
  const lines = candidate.possibleExchanges
    .slice(0, EXCHANGES_SHOWN)
    .map((exchange) => `${displayNumber(exchange.myDouble)} ↔ ${displayNumber(exchange.theirNeed)}`);
  return { lines, more: Math.max(0, candidate.swapCount - lines.length) };
}

export function moreExchangesLabel(more: number): string {
  return more === 1 ? '+1 altro scambio' : `+${more} altri scambi`;
}

/**
 * The button that opens a card to its full lists: the swaps the preview leaves out ('+6 altri scambi')
 * when there are some, else the stickers themselves (with their names); 'Mostra meno' once open.
 */
export function detailsToggleLabel(candidate: Candidate, open: boolean): string {
  if (open) return 'Mostra meno';
  const { more } = exchangePreview(candidate);
  return more > 0 ? moreExchangesLabel(more) : 'Mostra tutte le figurine';
}

/** A list cut by the server ('… e altre 12'): its count is more than the stickers it carries. */
export function cutListLabel(count: number, listed: number): string | null {
  const rest = count - listed;
  if (rest <= 0) return null;
  return rest === 1 ? '… e un’altra' : `… e altre ${rest}`;
}

/** For a collector with no 1:1 swap: what they could still give me ('Può darti: 012, 015…'). */
export function giftsPreview(candidate: Candidate): string {
  const shown = candidate.theyCanGiveNumbers.slice(0, GIFTS_SHOWN).map(displayNumber);
  const cut = candidate.theyCanGive > shown.length ? '…' : '';
  return `Può darti: ${shown.join(', ')}${cut}`;
}

/** Both counts on the card's face: what they can give me (my gaps) and what I can give them. */
export function countsLine(candidate: Candidate): string {
  return `Ti dà ${candidate.theyCanGive} · Gli dai ${candidate.iCanGive}`;
}

/** Above a list that has more after it: how many of the best are shown, and where ('Mostra altri'). */
export function pageHeading(count: number, radiusKm: number): string {
  return `I ${count} più adatti entro ${radiusKm} km`;
}

export function candidatesFoundLabel(count: number): string {
  return count === 1 ? '1 collezionista trovato' : `${count} collezionisti trovati`;
}
