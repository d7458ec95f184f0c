/**
 * Sent by the database itself, by the triggers on `collection` and `sticker`, when a statement that
 * changed an album's collections or stickers commits (decision 018); the match index listens. Its
 * payload is built by one SQL function, `collection_changed_payload` (sql/collection-changed-payload.sql).
 */
export const COLLECTION_CHANGED_CHANNEL = 'collection_changed';

/**
 * What changed in one album: some collectors' rows (`album:user,user,…`), so many that the whole album
 * is read again (`album:*`, beyond 400 collections in one statement), or its stickers (`album:#`).
 */
type CollectionChange =
  | { albumId: number; kind: 'collectors'; userIds: number[] }
  | { albumId: number; kind: 'album' }
  | { albumId: number; kind: 'stickers' };

/** The change a payload names; undefined when it names no album. */
export function parseCollectionChange(payload: string): CollectionChange | undefined {
  const colon = payload.indexOf(':');
  const albumId = Number(payload.slice(0, colon));
  if (!Number.isInteger(albumId)) return undefined;
  const rest = payload.slice(colon + 1);
  if (rest === '*') return { albumId, kind: 'album' };
  if (rest === '#') return { albumId, kind: 'stickers' };
  return { albumId, kind: 'collectors', userIds: rest.split(',').map(Number) };
}
