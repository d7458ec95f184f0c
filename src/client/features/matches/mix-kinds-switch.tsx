import { Switch } from '@mantine/core';
import { useState } from 'react';
import { MIX_KINDS_LABEL } from '../../../rpc/schemas/like-for-like-rule.ts';
import { trpc } from '../../shared/api/trpc.ts';

/**
 * Match's like-for-like switch (issue 49, row 3): off, base stickers pair with base and speciale with
 * speciale; on, the two mix. `mixKinds` follows the switch at once (the search asks with it); the choice is
 * remembered as my `mixSpecialKinds`, for the next visit, the daily summary and the swap chooser.
 */
export function useMixKinds(saved: boolean) {
  const [mixKinds, setMixKinds] = useState(saved);
  const utils = trpc.useUtils();
  // No toast either way, as for the radius: the search already uses the new value.
  const { mutate: remember } = trpc.users.setMixKinds.useMutation({
    onSuccess: (me) => utils.auth.session.setData(undefined, me),
  });
  const change = (next: boolean) => {
    setMixKinds(next);
    remember({ mixSpecialKinds: next });
  };
  return { mixKinds, change };
}

/** Shown only for an album with speciale stickers: elsewhere every sticker pairs with every other already. */
export function MixKindsSwitch({
  albumId,
  value,
  onChange,
}: {
  albumId: number;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  const albums = trpc.albums.list.useQuery();
  const album = albums.data?.find((candidate) => candidate.id === albumId);
  if (!album || album.specialCount === 0) return null;
  return (
    <Switch
      size="md"
      label={MIX_KINDS_LABEL}
      description="Spento, le speciali si scambiano solo con speciali. Le extra sempre solo con extra."
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
      styles={{ body: { alignItems: 'center', minHeight: 44 } }}
    />
  );
}
