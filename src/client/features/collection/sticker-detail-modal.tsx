import { Badge, Button, Modal, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { displayNumber } from '../../shared/format/sticker-number.ts';
import type { Sticker } from './album-queries.ts';
import { StickerSpares } from './sticker-spares.tsx';
import { STATUS_BADGES, type StickerStatus } from './sticker-status.ts';

type Props = {
  albumId: number;
  opened: boolean;
  sticker: Sticker | undefined;
  status: StickerStatus | undefined;
  onClose: () => void;
};

/**
 * 'Figurina #NNN': name, team, the optional description and the collector's status; on a double, how
 * many spare copies.
 */
export const StickerDetailModal = memo(function StickerDetailModal({
  albumId,
  opened,
  sticker,
  status,
  onClose,
}: Props) {
  const badge = status && STATUS_BADGES[status];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={sticker ? `Figurina #${displayNumber(sticker.number)}` : ''}
      styles={{ title: { fontWeight: 700 } }}
    >
      {sticker && (
        <Stack gap="xs">
          <Text fz="lg" fw={600}>
            {sticker.name}
          </Text>
          {sticker.team && <Text c="dimmed">{sticker.team}</Text>}
          {sticker.description && <Text size="sm">{sticker.description}</Text>}
          {badge && (
            <Badge color={badge.color} variant="light" size="lg" tt="none" mt="xs">
              {badge.label}
            </Badge>
          )}
          {status === 'double' && <StickerSpares albumId={albumId} stickerId={sticker.id} />}
          {(status === undefined || status === 'no') && (
            <Button
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/album/$albumId/ultime"
                  params={{ albumId }}
                  search={{ numero: sticker.number }}
                />
              )}
              variant="light"
              h={44}
              mt="xs"
              leftSection={<IconMapPin size={18} aria-hidden />}
            >
              Chi ce l'ha vicino
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
});
