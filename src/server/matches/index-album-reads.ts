/**
 * The albums of the match index's memory and their whole reads (index-album-memory.ts decides when):
 * one read at a time, each in one snapshot.
 */
import { getHeapStatistics } from 'node:v8';
import type { AlbumIndex } from './album-index.ts';
import { readAlbum } from './index-reads.ts';
import { type IndexThread, warn } from './index-thread.ts';
import { type StickerNames, stickerNames } from './slot-numbers.ts';

export type Album = {
  /** Undefined while it is being read (searches fall back to SQL). */
  index: AlbumIndex | undefined;
  names: StickerNames;
  /** Its stickers changed since they were read (index-changes.ts). */
  stickersChanged: boolean;
  /** Collectors whose rows changed since they were read (index-changes.ts). */
  changed: Set<number>;
  /** Read it all again once the current read ends. */
  reloadAgain: boolean;
  /** Waiting for its turn to be read whole, or being read. */
  loading: boolean;
  /** performance.now() of its last search, for the idle time. */
  searchedAt: number;
};

/** `readEnded`: a whole read is over (installed or not), for the rows that changed meanwhile. */
export function albumReads(
  thread: IndexThread,
  albums: Map<number, Album>,
  readEnded: (album: Album) => void,
) {
  /** Whole reads, one at a time: the database serves one album's scan per app server. */
  let reads: Promise<void> = Promise.resolve();

  function albumEntry(albumId: number): Album {
    let album = albums.get(albumId);
    if (!album) {
      album = {
        index: undefined,
        names: stickerNames([]),
        stickersChanged: false,
        changed: new Set(),
        reloadAgain: false,
        loading: false,
        searchedAt: performance.now(),
      };
      albums.set(albumId, album);
    }
    return album;
  }

  /**
   * Reads an album whole, in one snapshot, after the reads queued before it and a random pause of up to
   * `jitterMs`; searches fall back to SQL meanwhile.
   */
  function reload(albumId: number, jitterMs = 0) {
    const album = albumEntry(albumId);
    if (album.loading) {
      album.reloadAgain = true;
      return;
    }
    album.loading = true;
    album.index = undefined;
    const current = album;
    reads = reads
      .then(async () => {
        if (jitterMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * jitterMs));
        if (albums.get(albumId) !== current) return;
        do {
          current.reloadAgain = false;
          try {
            const started = performance.now();
            thread.post({ type: 'reading', albumId });
            const loaded = await readAlbum(thread.pool, albumId);
            if (!loaded) {
              albums.delete(albumId);
              return;
            }
            // An 'album:*' that came during this read may be missing from it: only the next read answers.
            if (current.reloadAgain) continue;
            const { index } = loaded;
            current.names = loaded.names;
            current.stickersChanged = false;
            current.index = index;
            thread.post({
              type: 'loaded',
              albumId,
              collections: index.collections,
              ms: Math.round(performance.now() - started),
              memoryBytes: index.memoryBytes,
              heapBytes: getHeapStatistics().used_heap_size,
            });
          } catch (error) {
            current.index = undefined;
            warn(thread, `match index, album ${albumId}: ${(error as Error).message}`);
          }
        } while (current.reloadAgain && !thread.closed);
        current.loading = false;
        readEnded(current);
      })
      .catch(() => undefined);
  }

  /** `allRead`: resolves once the reads queued so far are over. */
  return { albumEntry, reload, allRead: () => reads };
}
