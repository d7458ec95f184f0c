import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

type Props = { page: number; totalPages: number; total: number; onPage: (page: number) => void };

/** Only when there is more than one page (spec §2). */
export function ReportsPagination({ page, totalPages, total, onPage }: Props) {
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label="Pagine delle segnalazioni" justify="space-between">
      <Text size="sm" c="dimmed">
        Pagina {page} di {totalPages} ({total} segnalazioni totali)
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Precedente
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          Successiva
        </Button>
      </Group>
    </Group>
  );
}
