import { Group, Text } from '@mantine/core';

export function Logo({ size = 'lg' }: { size?: 'lg' | 'xl' }) {
  return (
    <Group gap={8} wrap="nowrap" aria-label="Scambio Figurine">
      <img src="/favicon.svg" alt="" width={size === 'xl' ? 44 : 30} height={size === 'xl' ? 44 : 30} />
      <Text
        fw={800}
        fz={size === 'xl' ? 28 : 20}
        variant="gradient"
        gradient={{ from: 'indigo', to: 'cyan' }}
      >
        Scambio Figurine
      </Text>
    </Group>
  );
}
