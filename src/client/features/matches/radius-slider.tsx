import './matches-mantine.css';
import { Group, Slider, Stack, Text } from '@mantine/core';
import { RADIUS_KM } from '../../../rpc/schemas/users-limits.ts';

const km = (value: number) => `${value} km`;

/** A thumb a finger can hit (44×44 px) that still looks like a 26 px knob: the rest is a clear border. */
const THUMB_HIT = 44;
const THUMB_SHOWN = 26;
const thumbStyle = {
  border: `${(THUMB_HIT - THUMB_SHOWN) / 2}px solid transparent`,
  backgroundClip: 'padding-box',
  boxShadow: 'inset 0 0 0 4px var(--slider-color)',
} as const;

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
        // The thumb is centred on the track's ends: half of it beside each end keeps it inside the margin at 50 km.
        mx={THUMB_HIT / 2}
        thumbSize={THUMB_HIT}
        styles={{ thumb: thumbStyle }}
        thumbLabel="Raggio di ricerca"
        thumbValueText={km}
      />
    </Stack>
  );
}
