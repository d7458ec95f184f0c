import './album-stats-mantine.css';
import { Button, Popover, Progress, Stack, Table, Text } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type AlbumStats, doublesFigure } from './album-stats.ts';
import { AlbumToolButton } from './album-tool-button.tsx';

/** The statistics button of the opened album header and its popup. */
export function AlbumStatsPopover({ albumId, stats }: { albumId: number; stats: AlbumStats | undefined }) {
  const rows: [string, string][] = stats
    ? [
        ['Possedute', String(stats.owned)],
        ['Mancanti', String(stats.missing)],
        ['Doppie', doublesFigure(stats)],
        ['Completamento', `${stats.completion}%`],
        // Outside the completion above (issue 49).
        ...(stats.extras.total > 0
          ? [['Extra', `${stats.extras.owned} di ${stats.extras.total}`] as [string, string]]
          : []),
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
            {stats.missing > 0 && (
              // Whatever the count: over the album's limit the screen says how many to swap first.
              <Button
                renderRoot={(props) => <Link {...props} to="/album/$albumId/ordine" params={{ albumId }} />}
                variant="light"
                h={44}
              >
                Ordina le ultime
              </Button>
            )}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
