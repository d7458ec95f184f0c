import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_QUIET_HOURS, type QuietHours } from '../../../rpc/schemas/alerts.ts';

type Props = { value: QuietHours; onChange: (quietHours: QuietHours) => void };

/**
 * 'Non disturbare dalle … alle …' (issue 48, row 5): on by default from 21:00 to 8:00; what arrives meanwhile
 * waits for its end, one notification per chat or swap. A time is saved once it is whole and changed.
 */
export function QuietHoursField({ value, onChange }: Props) {
  const [draft, setDraft] = useState(value ?? DEFAULT_QUIET_HOURS);
  const save = (next: { from: string; to: string }) => {
    setDraft(next);
    if (value && next.from !== next.to && (next.from !== value.from || next.to !== value.to)) onChange(next);
  };
  return (
    <Stack gap={6} component="section" aria-label="Non disturbare">
      <Switch
        label="Non disturbare"
        description="Gli avvisi che arrivano in queste ore aspettano la fine, uno per chat o scambio"
        checked={value !== null}
        onChange={(event) => onChange(event.currentTarget.checked ? draft : null)}
      />
      {value !== null && (
        <Group gap="sm" grow>
          <TextInput
            type="time"
            label="Dalle"
            value={draft.from}
            onChange={(event) => save({ ...draft, from: event.currentTarget.value })}
          />
          <TextInput
            type="time"
            label="Alle"
            value={draft.to}
            onChange={(event) => save({ ...draft, to: event.currentTarget.value })}
          />
        </Group>
      )}
      {value !== null && draft.from === draft.to && (
        <Text size="sm" c="red.8" role="alert">
          L’inizio e la fine devono essere diversi
        </Text>
      )}
    </Stack>
  );
}
