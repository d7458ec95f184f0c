import { Button } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAlbums } from '../album-queries.ts';

/**
 * 'Ordina le ultime' under the album's header when what I miss (extras aside) is within the album's order
 * limit (the admin's, issue 49). Above it the header stays quiet: the statistics lead to the screen, which
 * says how many to swap first.
 */
export function OrderListLink({ albumId, missing }: { albumId: number; missing: number | undefined }) {
  // The limit comes with the album, as the screen opens: a later answer would push the list down under
  // a finger already on it.
  const limit = useAlbums().data?.find((album) => album.id === albumId)?.orderLimit;
  if (limit === undefined || missing === undefined || missing === 0 || missing > limit) return null;
  return (
    <Button
      renderRoot={(props) => <Link {...props} to="/album/$albumId/ordine" params={{ albumId }} />}
      variant="light"
      color="grape"
      h={44}
      fz="sm"
      leftSection={<IconShoppingCart size={18} aria-hidden />}
    >
      Ordina le ultime: {missing === 1 ? '1 figurina' : `${missing} figurine`}
    </Button>
  );
}
