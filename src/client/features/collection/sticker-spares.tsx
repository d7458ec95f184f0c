import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SPARES_MAX } from '../../../rpc/schemas/collection.ts';
import { useStickerRecords } from './album-queries.ts';
import { useSaveSpares } from './use-save-spares.ts';

/**
 * On a double: how many spare copies I could give away (×2 is one, ×3 two…), set on the server at once.
 * Swaps take from these: a completed swap that gives the last one leaves the sticker 'Posseduta'.
 */
export function StickerSpares({ albumId, stickerId }: { albumId: number; stickerId: number }) {
  const records = useStickerRecords(albumId);
  const spares = records.data?.find((record) => record.stickerId === stickerId)?.spares ?? 1;
  const save = useSaveSpares(albumId);
  const [asked, setAsked] = useState(spares);
  // The number asked for shows at once; the server's answer replaces it.
  const shown = save.isPending ? asked : spares;
  const set = (next: number) => {
    setAsked(next);
    save.mutate({ stickerId, status: 'double', spares: next, tappedAt: Date.now() });
  };
  return (
    <Stack gap={4} mt="xs">
      <Text fw={600} id={`spares-${stickerId}`}>
        Copie da scambiare
      </Text>
      <Group gap="sm" role="group" aria-labelledby={`spares-${stickerId}`}>
        <ActionIcon
          size={44}
          variant="default"
          aria-label="Una copia in meno"
          disabled={shown <= 1 || save.isPending}
          onClick={() => set(shown - 1)}
        >
          <IconMinus size={20} />
        </ActionIcon>
        <Text fz="xl" fw={800} miw={32} ta="center" role="status" aria-label={`${shown} da scambiare`}>
          {shown}
        </Text>
        <ActionIcon
          size={44}
          variant="default"
          aria-label="Una copia in più"
          disabled={shown >= SPARES_MAX || save.isPending}
          onClick={() => set(shown + 1)}
        >
          <IconPlus size={20} />
        </ActionIcon>
        <Text c="dimmed">×{shown + 1} in tutto</Text>
      </Group>
    </Stack>
  );
}
