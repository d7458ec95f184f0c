/**
 * Keeping the albums in the match index's memory current (index-worker.ts): a `collection_changed`
 * notification, sent by its trigger on every commit that touches a collection, marks what it names, and a
 * flush soon after reads that again; a search first passes the sync barrier, so every commit before it is in.
 */
import {
  COLLECTION_CHANGED_CHANNEL,
  parseCollectionChange,
} from '../db-events/collection-changed-channel.ts';
import type { AlbumMemory } from './index-album-memory.ts';
import type { Album } from './index-album-reads.ts';
import { readStickerNames, rereadCollections } from './index-reads.ts';
import { type IndexThread, warn } from './index-thread.ts';
import { SYNC_CHANNEL, syncBarrier } from './sync-barrier.ts';

/** A change is re-read this long after its notification at most (the search syncs at once). */
const FLUSH_DELAY_MS = 50;

export type ChangeTracking = ReturnType<typeof changeTracking>;

export function changeTracking(thread: IndexThread, memory: AlbumMemory) {
  const { albums, reload } = memory;
  const barrier = syncBarrier(thread.pool);
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | undefined;

  function onNotification(channel: string, payload: string) {
    if (channel === SYNC_CHANNEL) {
      barrier.arrived(payload);
      return;
    }
    if (channel !== COLLECTION_CHANGED_CHANNEL) return;
    const change = parseCollectionChange(payload);
    if (!change) return;
    const album = albums.get(change.albumId);
    // An album not in memory is read whole at its first search: nothing to keep current.
    if (!album) return;
    if (change.kind === 'album') {
      reload(change.albumId);
      return;
    }
    if (change.kind === 'stickers') album.stickersChanged = true;
    else for (const userId of change.userIds) album.changed.add(userId);
    flushSoon();
  }

  function flushSoon() {
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      void flush();
    }, FLUSH_DELAY_MS);
  }

  /** Re-reads the changed rows of every album that is not being read whole. One flush at a time. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      for (const [albumId, album] of albums) {
        if (!album.loading && album.stickersChanged) {
          album.stickersChanged = false;
          try {
            album.names = await readStickerNames(thread.pool, albumId);
          } catch {
            album.stickersChanged = true;
            reload(albumId);
          }
        }
        const index = album.index;
        if (album.loading || !index || album.changed.size === 0) continue;
        const users = [...album.changed];
        album.changed.clear();
        try {
          const rows = await rereadCollections(thread.pool, albumId, users);
          // Read whole meanwhile: these rows may be older than that read, so read them again after it.
          if (album.index !== index) {
            for (const user of users) album.changed.add(user);
            flushSoon();
            continue;
          }
          const found = new Set<number>();
          for (const row of rows) {
            found.add(row.userId);
            if (!index.put(row)) reload(albumId);
          }
          for (const user of users) if (!found.has(user)) index.remove(user);
        } catch (error) {
          // Not read: they are unknown now, and so is the album.
          for (const user of users) album.changed.add(user);
          warn(thread, `match index, album ${albumId}: ${(error as Error).message}`);
          reload(albumId);
        }
      }
    });
    return flushing;
  }

  /** A whole read is over: rows that changed while it was read are read again (twice changes nothing). */
  function readEnded(album: Album) {
    if (album.changed.size > 0) void flush();
  }

  /**
   * Every commit before this call is in the index when it resolves: the barrier is passed once every
   * notification committed before it has arrived, and the flush that follows re-reads what they named.
   * Answers the blocked pairs of the searcher on the way.
   */
  async function sync(userId: number): Promise<Set<number> | undefined> {
    if (!thread.listening) return undefined;
    const blocked = await barrier.pass(userId);
    if (blocked) await flush();
    return blocked;
  }

  /** Calls off the flush a notification set (its timer stays, so none sets another); `flushed`: the last one's end. */
  function stop() {
    if (flushTimer) clearTimeout(flushTimer);
  }

  return { onNotification, readEnded, sync, stop, flushed: () => flushing.catch(() => undefined) };
}
