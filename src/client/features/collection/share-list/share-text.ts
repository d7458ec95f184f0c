import type { StickerKind } from '../../../../rpc/schemas/stickers.ts';
import { isCounted } from '../../../shared/completion/counted-stickers.ts';
import type { StickerStatus } from '../sticker-status.ts';

/** Two neighbours read better as `40, 41` than as a range; three or more become `7-9`. */
const SHORTEST_RANGE = 3;
/** A code's section and its number: `ITA 12` is section `ITA ` and 12; a bare `12` is section ``. */
const CODE = /^(.*?)(\d+)$/;

type Listed = { number: string; spares?: number | undefined };

/** The line's entries: a number that follows the previous one in value joins its range; `5 x3` never does. */
function sectionLine(prefix: string, entries: readonly Listed[]): string {
  const parts: string[] = [];
  let run: number[] = [];
  const closeRun = () => {
    if (run.length >= SHORTEST_RANGE) parts.push(`${run[0]}-${run[run.length - 1]}`);
    else parts.push(...run.map(String));
    run = [];
  };
  for (const entry of entries) {
    const digits = CODE.exec(entry.number)?.[2] ?? '';
    // '00' or '07' is printed so in the album: written as it is, never part of a range.
    if (digits.startsWith('0') || (entry.spares ?? 1) > 1) {
      closeRun();
      parts.push(entry.spares && entry.spares > 1 ? `${digits} x${entry.spares}` : digits);
      continue;
    }
    const value = Number(digits);
    if (run.length > 0 && value !== (run[run.length - 1] ?? 0) + 1) closeRun();
    run.push(value);
  }
  closeRun();
  return `${prefix}${parts.join(', ')}`;
}

/**
 * One line per section of codes, in the album's order: `1-3, 5, 6`, then `ITA 6-11, 13-21`, then
 * `SPE 1, 2`. A double with several spares shows them (`5 x3`). A code with no number (`LOGO`) is a
 * line of its own.
 */
export function sectionLines(listed: readonly Listed[]): string[] {
  const sections = new Map<string, Listed[]>();
  const lines = new Map<string, string>();
  for (const entry of listed) {
    const match = CODE.exec(entry.number);
    const prefix = match ? (match[1] ?? '') : entry.number;
    if (!match) {
      lines.set(prefix, entry.number);
      continue;
    }
    const section = sections.get(prefix) ?? [];
    if (section.length === 0) lines.set(prefix, '');
    sections.set(prefix, [...section, entry]);
  }
  return [...lines].map(([prefix, line]) => line || sectionLine(prefix, sections.get(prefix) ?? []));
}

/** Which list the collector shares. */
export type ShareChoice = 'both' | 'missing' | 'doubles';

export const SHARE_CHOICES: readonly { value: ShareChoice; label: string }[] = [
  { value: 'both', label: 'Mancanti e doppie' },
  { value: 'missing', label: 'Solo mancanti' },
  { value: 'doubles', label: 'Solo doppie' },
];

type ShareListInput = {
  albumName: string;
  /** The album's stickers in the album's order, as `stickers.list` returns them. */
  stickers: readonly { id: number; number: string; kind?: StickerKind | undefined }[];
  statusOf: (stickerId: number) => StickerStatus;
  sparesOf: (stickerId: number) => number | undefined;
  choice: ShareChoice;
};

/**
 * The two lists a share carries, each as its section lines (empty when not shared or nothing in it).
 * 'MANCANO' leaves the extras aside, as completion does (issue 49); an extra I have twice is still a double.
 */
export function sharedLists({ stickers, statusOf, sparesOf, choice }: Omit<ShareListInput, 'albumName'>) {
  const withStatus = (status: StickerStatus) =>
    stickers
      .filter((sticker) => statusOf(sticker.id) === status && (status !== 'no' || isCounted(sticker)))
      .map((sticker) => ({ number: sticker.number, spares: sparesOf(sticker.id) }));
  return {
    missing: choice === 'doubles' ? null : sectionLines(withStatus('no')),
    doubles: choice === 'missing' ? null : sectionLines(withStatus('double')),
  };
}

/**
 * The text a collector sends in WhatsApp: the album, then 'MANCANO:' and 'DOPPIE:' each on a line of its
 * own with its sections below, then the link that opens the comparison in the app.
 */
export function shareListText(input: ShareListInput & { link: string }): string {
  const { missing, doubles } = sharedLists(input);
  const block = (title: string, lines: string[] | null) =>
    lines === null ? [] : [title, ...(lines.length > 0 ? lines : ['nessuna'])];
  return [
    input.albumName,
    ...block('MANCANO:', missing),
    ...block('DOPPIE:', doubles),
    `Confronta con la tua collezione: ${input.link}`,
  ].join('\n');
}
