import { Anchor, Group } from '@mantine/core';
import { useCurrentUser } from '../session/use-current-user.ts';
import { TAP_TARGET } from './tap-target.ts';

/**
 * Full page navigation to the admin panel, as the spec asks; only an administrator sees it. (Not named
 * admin-*: its chunk, shared by Home and Match, is a collector's code, not the panel's.)
 */
export function AdminLink() {
  const { user } = useCurrentUser();
  if (!user?.isAdmin) return null;
  return (
    <Group justify="center">
      <Anchor href="/admin" size="xs" c="dimmed" style={TAP_TARGET}>
        Pannello admin
      </Anchor>
    </Group>
  );
}
