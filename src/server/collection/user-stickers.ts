import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { parseStickerNumbers, stickerNumberKey } from '../../rpc/schemas/collection.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { recordAccessOf } from '../auth/last-access.ts';
import { Sticker } from '../db/entities/sticker.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { markStickers, readBitmaps, readSpares, statusAt } from './collection-store.ts';
import type { TapBatches } from './tap-batches.ts';

export const STICKER_NOT_FOUND_MESSAGE = 'Figurina non trovata';
/** How many unknown numbers fast entry lists back; `unknownCount` says how many there were in all. */
export const UNKNOWN_LISTED_MAX = 50;

/** The caller's records for one album, in the spec's UserSticker shape: owned and doubled stickers only. */
export async function userStickers(em: EntityManager, userId: number, albumId: number) {
  await findAlbumOrFail(em, albumId);
  const bitmaps = await readBitmaps(em, userId, albumId);
  if (!bitmaps) return [];
  const stickers = await em.find(
    Sticker,
    { album: albumId },
    { fields: ['id', 'slot'], orderBy: { id: 'asc' } },
  );
  const spares = await readSpares(em, userId, albumId);
  return stickers.flatMap(
    (sticker): { stickerId: number; status: 'yes' | 'double'; userId: number; spares?: number }[] => {
      const status = statusAt(bitmaps, sticker.slot);
      if (status === 'no') return [];
      if (status === 'yes') return [{ stickerId: sticker.id, status, userId }];
      return [{ stickerId: sticker.id, status, userId, spares: spares.get(sticker.slot) ?? 1 }];
    },
  );
}

/**
 * One tap, through a session, in one database call (`tap_sticker`, docs/decisions/017), made together
 * with the taps that arrive with it (docs/decisions/019): the session is checked there (null when it is
 * not live), then the mark rule every mark follows (`mark_stickers`, docs/decisions/023). A tap older than
 * the sticker's latest mark (decision 013) changes nothing: the answer is then the status the sticker has,
 * so the device learns what won.
 */
export async function setStickerStatus(
  /** Asked for only when the tap must record the access or choose an album (docs/decisions/020). */
  entityManager: () => EntityManager,
  tapBatches: TapBatches,
  session: { sessionId: string; userId: number },
  input: {
    stickerId: number;
    status: StickerStatus;
    spares?: number | undefined;
    tappedAt?: number | undefined;
  },
) {
  const { stickerId, status } = input;
  const { userId } = session;
  const mark = await tapBatches.write({
    sessionId: session.sessionId,
    userId,
    stickerId,
    status,
    // Without a count, a double keeps its spares and a new double has one (docs/decisions/023).
    spares: status === 'double' ? (input.spares ?? null) : null,
    tappedAt: input.tappedAt ?? null,
  });
  if (!mark.live) return null;
  await recordAccessOf(entityManager, userId, mark.last_access === null ? null : new Date(mark.last_access));
  if (!mark.status) throw new DomainError('NOT_FOUND', STICKER_NOT_FOUND_MESSAGE);
  if (mark.album_to_select !== null) await selectAlbumIfNone(entityManager(), userId, mark.album_to_select);
  if (mark.status !== 'double') return { stickerId, status: mark.status, userId };
  return { stickerId, status: mark.status, userId, spares: mark.spares ?? 1 };
}

/**
 * Fast entry: every sticker named by number (as typed, case and leading zeros aside) or by id gets the
 * same status in one statement (`mark_stickers`, the rule of every mark: docs/decisions/023), except those
 * typed with a spare count (`12x3`), which become doubles with that many spares; a double marked 'double'
 * without a count keeps its spares. Numbers the album does not have change nothing: the first
 * UNKNOWN_LISTED_MAX come back in `unknown` (a short request never gets a long answer), all of them are
 * counted in `unknownCount`. Stickers with a mark later than this tap keep it (decision 013): `updated` and
 * `stickerIds` count only the stickers written; `marks` has every sticker found with its status now, so the
 * device learns what won as a tap's answer tells it.
 */
export async function setStatusInBulk(
  em: EntityManager,
  userId: number,
  input: {
    albumId: number;
    numbers?: string | undefined;
    stickerIds?: number[] | undefined;
    status: StickerStatus;
    tappedAt?: number | undefined;
  },
) {
  await findAlbumOrFail(em, input.albumId);
  const stickers = await em.find(Sticker, { album: input.albumId }, { fields: ['id', 'number'] });
  const found = new Map<number, { spares?: number | undefined }>();
  const unknown: string[] = [];
  if (input.numbers !== undefined) {
    const byNumber = new Map(stickers.map((sticker) => [stickerNumberKey(sticker.number), sticker]));
    const parsed = parseStickerNumbers(input.numbers);
    unknown.push(...parsed.invalid);
    for (const number of parsed.numbers) {
      const sticker = byNumber.get(stickerNumberKey(number));
      if (sticker) found.set(sticker.id, { spares: parsed.spares?.get(number) });
      else unknown.push(number);
    }
  } else {
    const known = new Set(stickers.map((sticker) => sticker.id));
    for (const id of input.stickerIds ?? []) {
      if (known.has(id)) found.set(id, {});
      else unknown.push(String(id));
    }
  }
  // A number typed with a spare count is a double with that many spares, whatever the status chosen.
  const marks = [...found].map(([stickerId, { spares }]) =>
    spares === undefined
      ? { stickerId, status: input.status }
      : { stickerId, status: 'double' as const, spares },
  );
  const outcomes = await markStickers(em, userId, marks, input.tappedAt);
  const written = outcomes.filter((outcome) => outcome.written).map((outcome) => outcome.stickerId);
  const albumToSelect = outcomes.find((outcome) => outcome.albumToSelect !== null)?.albumToSelect ?? null;
  if (albumToSelect !== null) await selectAlbumIfNone(em, userId, albumToSelect);
  return {
    updated: written.length,
    stickerIds: written,
    marks: outcomes.flatMap(({ stickerId, status, spares }) =>
      status === null
        ? []
        : [{ stickerId, status, userId, ...(status === 'double' && { spares: spares ?? 1 }) }],
    ),
    unknown: unknown.slice(0, UNKNOWN_LISTED_MAX),
    unknownCount: unknown.length,
  };
}

/** Marking the first sticker while no album is chosen for matches chooses this one (spec: DESIGN §3). */
async function selectAlbumIfNone(em: EntityManager, userId: number, albumId: number) {
  await em.nativeUpdate(User, { id: userId, albumSelezionato: null }, { albumSelezionato: albumId });
}
