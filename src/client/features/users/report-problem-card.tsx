import { Button, Card, Stack, Text } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { useState } from 'react';
import { ReportProblemDialog, type ReportProblemOpening } from './report-problem-dialog.tsx';
import { type NavigationHistory, previousPage } from './report-problem-origin.ts';

/** 'Segnala un problema': a collector tells the administrators what went wrong, in their own words. */
export function ReportProblemCard() {
  const [opened, setOpened] = useState(false);
  const [opening, setOpening] = useState<ReportProblemOpening>({ key: 0, page: '' });

  const open = () => {
    const { navigation } = window as { navigation?: NavigationHistory };
    const page = previousPage(navigation, document.referrer, location.origin);
    setOpening((last) => ({ key: last.key + 1, page }));
    setOpened(true);
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text fw={700}>Qualcosa non funziona?</Text>
        <Text size="sm" c="dimmed">
          Raccontaci cosa è successo: ci aiuti a migliorare l'app.
        </Text>
        <Button
          variant="light"
          leftSection={<IconMessageReport size={18} aria-hidden />}
          onClick={open}
          fullWidth
        >
          Segnala un problema
        </Button>
      </Stack>
      <ReportProblemDialog opened={opened} opening={opening} onClose={() => setOpened(false)} />
    </Card>
  );
}
