import { Button } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { LAST_STICKERS_MAX } from '../../../rpc/schemas/matches-limits.ts';

/**
 * A nearly complete album (LAST_STICKERS_MAX missing or fewer) leads to 'Le mie ultime': who near me has
 * each sticker I still miss.
 */
export function LastStickersLink({ albumId, missing }: { albumId: number; missing: number | undefined }) {
  if (missing === undefined || missing === 0 || missing > LAST_STICKERS_MAX) return null;
  return (
    <Button
      renderRoot={(props) => <Link {...props} to="/album/$albumId/ultime" params={{ albumId }} />}
      variant="light"
      h={44}
      // 14 px: 'te ne mancano 50' fits a 390 px phone on one line.
      fz="sm"
      leftSection={<IconMapPin size={18} aria-hidden />}
    >
      Le mie ultime: {missing === 1 ? 'te ne manca 1' : `te ne mancano ${missing}`}
    </Button>
  );
}
