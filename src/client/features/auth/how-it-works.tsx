import { Group, Stack, Text } from '@mantine/core';

const STEPS = [
  'Segna le figurine che hai, le doppie e quelle che ti mancano',
  'Trova chi vicino a te ha le doppie che ti mancano',
  'Proponi lo scambio e mettetevi d’accordo in chat',
];

const STEP_NUMBER = {
  width: 24,
  height: 24,
  flexShrink: 0,
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/** The first screen says what the app does, in three steps, before asking for an account. */
export function HowItWorks() {
  return (
    <Stack component="ol" aria-label="Come funziona" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
      {STEPS.map((step, i) => (
        <Group component="li" key={step} gap="sm" wrap="nowrap" align="flex-start">
          <Text
            component="span"
            size="xs"
            fw={700}
            bg="indigo.0"
            c="indigo.8"
            style={STEP_NUMBER}
            aria-hidden
          >
            {i + 1}
          </Text>
          <Text size="sm">{step}</Text>
        </Group>
      ))}
    </Stack>
  );
}
