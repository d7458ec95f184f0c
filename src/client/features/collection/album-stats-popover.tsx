import './album-stats-mantine.css';
import { ActionIcon, Popover, Progress, Stack, Table, Text } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { type AlbumStats, doublesFigure } from './album-stats.ts';

/** The statistics button of the opened album header and its popup. */
export function AlbumStatsPopover({ stats }: { stats: AlbumStats | undefined }) {
  const rows: [string, string][] = stats
    ? [
        ['Mie', String(stats.owned)],
        ['Mancanti', String(stats.missing)],
        ['Doppie', doublesFigure(stats)],
        ['Completamento', `${stats.completion}%`],
      ]
    : [];
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={270} trapFocus>
      <Popover.Target>
        <ActionIcon size={44} variant="light" aria-label="Statistiche" disabled={!stats}>
          <IconChartPie size={24} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {stats && (
          <Stack gap="xs">
            <Text fw={700}>Statistiche album</Text>
            <Progress value={stats.completion} size="lg" color="teal" aria-hidden />
            <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
