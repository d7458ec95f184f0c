import type { WaitingTap } from '../../shared/session/unsent-changes.ts';

type Counters = { raccolte: number; doppie: number; mancanti: number };
type Mark = { stickerId: number; status: 'yes' | 'double' };

/**
 * Home's counters with my taps still waiting for the server counted in: the album's marks as this device
 * has them, each waiting tap over its sticker. The server's figures as they are when nothing waits, or
 * when the device does not have the album's marks. Extras are out of Raccolte and Mancanti (the summary's
 * `stickerCount` leaves them aside, issue 49), still in Doppie.
 */
export function countersWithWaiting(
  summary: Counters & { album: { id: number; stickerCount: number } | null },
  marks: readonly Mark[] | undefined,
  taps: readonly WaitingTap[],
  extras: ReadonlySet<number> = new Set(),
): Counters {
  const { album } = summary;
  const waiting = album ? taps.filter((tap) => tap.albumId === album.id) : [];
  if (!album || !marks || waiting.length === 0) return summary;
  const statuses = new Map<number, WaitingTap['status']>(marks.map((mark) => [mark.stickerId, mark.status]));
  for (const tap of waiting) statuses.set(tap.stickerId, tap.status);
  let raccolte = 0;
  let doppie = 0;
  for (const [stickerId, status] of statuses) {
    if (status !== 'no' && !extras.has(stickerId)) raccolte += 1;
    if (status === 'double') doppie += 1;
  }
  return { raccolte, doppie, mancanti: album.stickerCount - raccolte };
}
