import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { trpc } from '../../shared/api/trpc.ts';

/** Dragging from 10 to 40 km asks the server once, when the thumb rests, not thirty times. */
export const RADIUS_SETTLE_MS = 400;

/**
 * The slider's radius: `radius` follows the thumb at once (for the 'N km' label), `settled` follows it
 * once it rests; the settled value is what the search uses and what is remembered as my `raggioKm`.
 */
export function useSearchRadius(savedRadius: number) {
  const [radius, setRadius] = useState(savedRadius);
  const [settled] = useDebouncedValue(radius, RADIUS_SETTLE_MS);
  const utils = trpc.useUtils();
  // No toast either way: remembering the radius is a convenience, the search already uses the new value.
  const { mutate: remember } = trpc.users.setRadius.useMutation({
    onSuccess: (me) => utils.auth.session.setData(undefined, me),
  });

  useEffect(() => {
    if (settled !== savedRadius) remember({ raggioKm: settled });
  }, [settled, savedRadius, remember]);

  return { radius, setRadius, settled };
}
