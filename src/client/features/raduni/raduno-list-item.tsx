import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RadunoView } from '../../../rpc/schemas/raduni.ts';
import { placeText } from '../../shared/format/place.ts';
import { RADUNO_KIND_LABELS, radunoWhen } from './raduni-queries.ts';

/** A meet in a list: what, when, where and how many go; a tap opens it. */
export function RadunoListItem({ raduno }: { raduno: RadunoView }) {
  const { comune } = raduno.place;
  const around = raduno.distanceKm === null ? comune : placeText({ comune, distanceKm: raduno.distanceKm });
  const where = [raduno.place.name, around].filter(Boolean).join(' · ');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      renderRoot={(props) => <Link {...props} to="/raduni/$radunoId" params={{ radunoId: raduno.id }} />}
      aria-label={`${raduno.title}, ${radunoWhen(raduno)}`}
    >
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={1}>
            {raduno.title}
          </Text>
          {raduno.mine && (
            <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
              Ci vai
            </Badge>
          )}
        </Group>
        <Text size="sm">{radunoWhen(raduno)}</Text>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {where}
        </Text>
        <Text size="sm" c="dimmed">
          {RADUNO_KIND_LABELS[raduno.kind]} · {raduno.going === 1 ? '1 ci va' : `${raduno.going} ci vanno`}
        </Text>
      </Stack>
    </Card>
  );
}
