/**
 * Which albums the match index holds (index-worker.ts): each read whole at its first search
 * (index-album-reads.ts), dropped once nobody searched it for a while, read again after a lost
 * connection; at start, the albums searched lately on any server (the warm start, decision 042).
 */
import { albumsSearchedWithin } from './album-use.ts';
import { type Album, albumReads } from './index-album-reads.ts';
import { type IndexThread, warn } from './index-thread.ts';

export type AlbumMemory = ReturnType<typeof albumMemory>;

export function albumMemory(
  thread: IndexThread,
  { idleMs, rereadJitterMs, warmStart }: { idleMs: number; rereadJitterMs: number; warmStart: boolean },
  readEnded: (album: Album) => void,
) {
  const albums = new Map<number, Album>();
  const { albumEntry, reload, allRead } = albumReads(thread, albums, readEnded);
  let warmed = false;
  const idleSweep = setInterval(dropIdle, Math.max(10, Math.min(60_000, idleMs / 4)));

  /** A search of the album: it stays in memory, or is read now (once listening: else at the connection). */
  function searched(albumId: number): Album {
    const known = albums.has(albumId);
    const album = albumEntry(albumId);
    album.searchedAt = performance.now();
    if (!known && thread.listening) reload(albumId);
    return album;
  }

  /**
   * The first time it listens: the albums any server searched within the idle time are read, one at a
   * time, the most recent first, and 'warm' is posted once they are in memory (or could not be read).
   */
  async function warmUp() {
    if (warmed) return;
    warmed = true;
    try {
      if (warmStart) {
        for (const albumId of await albumsSearchedWithin(thread.pool, idleMs))
          if (!albums.has(albumId)) reload(albumId);
        await allRead();
      }
    } catch (error) {
      warn(thread, `match index warm start: ${(error as Error).message}`);
    }
    if (!thread.closed) thread.post({ type: 'warm' });
  }

  /**
   * Drops the albums that nobody searched for `idleMs`: not one being read, nor one waiting for the
   * connection to be read.
   */
  function dropIdle() {
    const now = performance.now();
    for (const [albumId, album] of albums) {
      if (album.loading || (!thread.listening && !album.index) || now - album.searchedAt < idleMs) continue;
      albums.delete(albumId);
      if (album.index) thread.post({ type: 'dropped', albumId, why: 'idle' });
      album.index = undefined;
    }
  }

  /**
   * Listening (again): whatever changed while nobody listened is unknown, so the albums that were in memory
   * are read again (a read begun before is not installed), the most recently searched first, each after a
   * random pause. The others are read at their first search.
   */
  function connected(reconnected: boolean) {
    const known = [...albums.entries()].sort(([, a], [, b]) => b.searchedAt - a.searchedAt);
    for (const [id] of known) reload(id, reconnected ? rereadJitterMs : 0);
    thread.listening = true;
    void warmUp();
  }

  /** The LISTEN connection is lost: nothing in memory can be trusted until it is back. */
  function lost() {
    thread.listening = false;
    for (const [albumId, album] of albums) {
      if (album.index) thread.post({ type: 'dropped', albumId, why: 'connection' });
      album.index = undefined;
    }
  }

  return { albums, reload, searched, connected, lost, stop: () => clearInterval(idleSweep) };
}
