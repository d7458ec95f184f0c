import { Badge } from '@mantine/core';
import { STICKER_KIND_LABELS, type StickerKind } from '../../../../../rpc/schemas/stickers.ts';

const COLORS: Record<StickerKind, string> = { base: 'gray', speciale: 'yellow', extra: 'grape' };

/** A sticker's kind in the table: small, and quiet for the ordinary ones. */
export function KindBadge({ kind }: { kind: StickerKind }) {
  return (
    <Badge size="sm" radius="sm" variant={kind === 'base' ? 'outline' : 'light'} color={COLORS[kind]}>
      {STICKER_KIND_LABELS[kind]}
    </Badge>
  );
}
