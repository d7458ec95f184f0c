import './album-stats-mantine.css';
import { Popover, Progress, Stack, Table, Text } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { type AlbumStats, doublesFigure } from './album-stats.ts';
import { AlbumToolButton } from './album-tool-button.tsx';

/** The statistics button of the opened album header and its popup. */
export function AlbumStatsPopover({ stats }: { stats: AlbumStats | undefined }) {
  const rows: [string, string][] = stats
    ? [
        ['Possedute', String(stats.owned)],
        ['Mancanti', String(stats.missing)],
        ['Doppie', doublesFigure(stats)],
        ['Completamento', `${stats.completion}%`],
      ]
    : [];
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={270} trapFocus>
      <Popover.Target>
        <AlbumToolButton
          icon={<IconChartPie size={22} aria-hidden />}
          label="Statistiche"
          disabled={!stats}
        />
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
