import { Anchor, Group } from '@mantine/core';
import { TAP_TARGET } from './tap-target.ts';

/** Full page navigation to the admin panel, as the spec asks. */
export function AdminLink({ label = 'Pannello admin' }: { label?: string }) {
  return (
    <Group justify="center">
      <Anchor href="/admin" size="xs" c="dimmed" style={TAP_TARGET}>
        {label}
      </Anchor>
    </Group>
  );
}
