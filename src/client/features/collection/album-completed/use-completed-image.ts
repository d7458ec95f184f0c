import { useEffect, useState } from 'react';
import { trpc } from '../../../shared/api/trpc.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import type { Album } from '../album-queries.ts';
import { completedAlbumImage } from './completed-image.ts';

export type CompletedImageState = { file: File } | { failed: true } | undefined;

/**
 * The 'Album completato' picture, made as soon as the card shows, so that a tap shares it at once (a share
 * sheet opens only while the tap is recent). It waits for the count of my swaps while that is being asked;
 * offline, or if the question fails, the picture goes without that line, and is made again when it comes.
 */
export function useCompletedImage(album: Pick<Album, 'id' | 'name' | 'year'>): CompletedImageState {
  const nickname = useCurrentUser().user?.nickname;
  const swaps = trpc.collection.completedSwaps.useQuery({ albumId: album.id });
  const count = swaps.data?.count;
  const asking = swaps.isLoading;
  const [image, setImage] = useState<CompletedImageState>();
  useEffect(() => {
    if (asking || nickname === undefined) return;
    let current = true;
    completedAlbumImage({ name: album.name, year: album.year, nickname, swaps: count, on: new Date() }).then(
      (file) => current && setImage({ file }),
      () => current && setImage({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [album.name, album.year, nickname, count, asking]);
  return image;
}
