import { Group, Slider, Stack, Text } from '@mantine/core';
import { RADIUS_KM } from '../../../rpc/schemas/users-limits.ts';

const km = (value: number) => `${value} km`;

export function RadiusSlider({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <Stack gap={8}>
      <Group justify="space-between">
        <Text fw={600}>Raggio di ricerca</Text>
        <Text fw={700} c="indigo.7">
          {km(value)}
        </Text>
      </Group>
      <Slider
        min={RADIUS_KM.min}
        max={RADIUS_KM.max}
        step={1}
        value={value}
        onChange={onChange}
        // The value already shows beside the title; a tooltip would hide under the thumb on a phone.
        label={null}
        size="lg"
        thumbSize={26}
        thumbLabel="Raggio di ricerca"
        thumbValueText={km}
      />
    </Stack>
  );
}
