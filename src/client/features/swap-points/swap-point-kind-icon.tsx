import {
  IconBook,
  IconBuildingChurch,
  IconBuildingStore,
  IconMapPin,
  IconNews,
  IconPencil,
} from '@tabler/icons-react';
import type { SwapPointKind } from '../../../rpc/schemas/swap-points.ts';

const ICONS = {
  edicola: IconNews,
  cartolibreria: IconPencil,
  biblioteca: IconBook,
  oratorio: IconBuildingChurch,
  negozio: IconBuildingStore,
  piazza: IconMapPin,
} as const;

/** A place's kind at a glance, beside its name (its label says it in words). */
export function SwapPointKindIcon({ kind }: { kind: SwapPointKind }) {
  const Icon = ICONS[kind];
  return <Icon size={22} aria-hidden />;
}
