import '../../../shared/ui/segmented-control-mantine.css';
import {
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMapPinOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SWAP_POINT_KIND_LABELS, type SwapPointState } from '../../../../rpc/schemas/swap-points.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { type AdminSwapPoint, STATE_LABELS, SwapPointDialog } from './swap-point-dialog.tsx';

// Filled and dark: white on each reads at AA on the table's striped rows too (axe's color-contrast).
const STATE_COLORS: Record<SwapPointState, string> = {
  proposto: 'grape.9',
  verificato: 'teal.9',
  chiuso: 'gray.7',
};
type Filter = SwapPointState | 'tutti';

/**
 * /admin/punti-scambio: the public places where collectors meet (issue 45, row 9). Collectors' suggestions
 * come first, to verify (with their hours) or close; the admin adds places of their own.
 */
export function AdminSwapPointsSection() {
  const [filter, setFilter] = useState<Filter>('tutti');
  const points = trpc.swapPoints.adminList.useQuery(filter === 'tutti' ? undefined : { state: filter });
  const [editing, setEditing] = useState<AdminSwapPoint | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const open = (point: AdminSwapPoint | null) => {
    setEditing(point);
    setDialogOpen(true);
  };
  const list = points.data ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Punti Scambio</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)}>
          Nuovo Punto Scambio
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Stato"
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={[
          { value: 'tutti', label: 'Tutti' },
          { value: 'proposto', label: 'Proposti' },
          { value: 'verificato', label: 'Verificati' },
          { value: 'chiuso', label: 'Chiusi' },
        ]}
        maw={520}
      />
      {points.isError || list.length === 0 ? (
        <ListState
          loading={points.isPending}
          loadingText="Caricamento Punti Scambio..."
          failure={
            points.isError && {
              message: 'Errore nel caricamento dei Punti Scambio',
              onRetry: () => points.refetch(),
              retrying: points.isFetching,
            }
          }
          empty={{ icon: IconMapPinOff, title: 'Nessun Punto Scambio' }}
        />
      ) : (
        <Table striped highlightOnHover aria-label="Punti Scambio">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Indirizzo</Table.Th>
              <Table.Th>Stato</Table.Th>
              <Table.Th>Suggerito da</Table.Th>
              <Table.Th>
                <VisuallyHidden>Azioni</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((point) => (
              <Table.Tr key={point.id}>
                <Table.Th scope="row">{point.name}</Table.Th>
                <Table.Td>{SWAP_POINT_KIND_LABELS[point.kind]}</Table.Td>
                <Table.Td>
                  {point.address}, {point.cap} {point.comune ?? ''}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[point.state]} variant="filled">
                    {STATE_LABELS[point.state]}
                  </Badge>
                </Table.Td>
                <Table.Td>{point.suggestedBy ?? <Text c="dimmed">—</Text>}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => open(point)}
                    aria-label={`Modifica ${point.name}`}
                  >
                    {point.state === 'proposto' ? 'Verifica' : 'Modifica'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SwapPointDialog point={editing} opened={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Stack>
  );
}
