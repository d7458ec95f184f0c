import type { StickerStatus } from '../sticker-status.ts';

const PURELY_NUMERIC = /^\d+$/;
/** Two neighbours read better as `40, 41` than as a range; three or more become `7-9`. */
const SHORTEST_RANGE = 3;

/**
 * `1, 2, 3, 5, 6, SPE 1` → `1-3, 5, 6, SPE 1`, keeping the given order. Only purely numeric numbers
 * that follow each other in value join a range; codes like `SPE 3` are listed as they are. The result
 * is what fast entry's parser reads back, so a friend can paste it straight into "Inserimento rapido".
 */
export function compressNumbers(numbers: readonly string[]): string {
  const parts: string[] = [];
  let run: string[] = [];
  const closeRun = () => {
    if (run.length >= SHORTEST_RANGE) parts.push(`${run[0]}-${run[run.length - 1]}`);
    else parts.push(...run);
    run = [];
  };
  for (const number of numbers) {
    if (!PURELY_NUMERIC.test(number)) {
      closeRun();
      parts.push(number);
      continue;
    }
    const previous = run[run.length - 1];
    if (previous !== undefined && Number(number) !== Number(previous) + 1) closeRun();
    run.push(number);
  }
  closeRun();
  return parts.join(', ');
}

type ShareListInput = {
  albumName: string;
  /** The album's stickers in its natural order, as `stickers.list` returns them. */
  stickers: readonly { id: number; number: string }[];
  statusOf: (stickerId: number) => StickerStatus;
};

/** The text a collector sends to a friend: the album on the first line, then what they miss and double. */
export function shareListText({ albumName, stickers, statusOf }: ShareListInput): string {
  const numbersWith = (status: StickerStatus) =>
    compressNumbers(stickers.filter((sticker) => statusOf(sticker.id) === status).map((s) => s.number)) ||
    'nessuna';
  return `${albumName}\nMi mancano: ${numbersWith('no')} — Doppie: ${numbersWith('double')}`;
}
