import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

type Props = { label: string; value: number | undefined; loading: boolean; icon: TablerIcon; color: string };

/** One figure with its label; named by the label, so a reader (or a test) finds it as a group. */
export function StatCard({ label, value, loading, icon: Icon, color }: Props) {
  return (
    <Card withBorder radius="md" padding="lg" role="group" aria-label={label} aria-busy={loading}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={34} width={72} mt={6} />
          ) : (
            <Text fz={30} fw={700} lh={1.3}>
              {value === undefined ? '–' : value.toLocaleString('it-IT')}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md">
          <Icon size={24} stroke={1.6} aria-hidden />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
