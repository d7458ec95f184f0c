import { displayNumber } from '../../shared/format/sticker-number.ts';

/** Numbers named per side before '(e altre N)': the message stays a message. */
const NAMED_MAX = 10;

function named(stickers: readonly { number: string }[]) {
  const shown = stickers.slice(0, NAMED_MAX).map((sticker) => displayNumber(sticker.number));
  const more = stickers.length - shown.length;
  return more > 0 ? `${shown.join(', ')} (e altre ${more})` : shown.join(', ');
}

/**
 * A new chat's ready-made first message: the 1:1 exchanges possible now (my spares they miss against
 * theirs I miss, as the match card counts them), for the collector to edit or send.
 */
export function firstMessage(
  nickname: string,
  give: readonly { number: string }[],
  receive: readonly { number: string }[],
) {
  const pairs = Math.min(give.length, receive.length);
  if (pairs === 0) return `Ciao ${nickname}!`;
  const swaps = pairs === 1 ? '1 scambio' : `${pairs} scambi`;
  return `Ciao ${nickname}! Possiamo fare ${swaps}: ti do ${named(give.slice(0, pairs))} e tu mi dai ${named(receive.slice(0, pairs))}. Ti va?`;
}

/**
 * The ready-made question to a collector who has a sticker I miss but needs none of my spares (issue 48,
 * row 3, 'Chiedi in chat' in 'Le mie ultime'): no swap to propose, a question to ask.
 */
export function askMessage(nickname: string, number: string) {
  return `Ciao ${nickname}! Ti avanza la ${displayNumber(number)}? Per ora non ho doppie che ti mancano, ma se ti serve qualcosa più avanti te la tengo da parte.`;
}
