import { Anchor, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../session/use-current-user.ts';
import { TAP_TARGET } from './tap-target.ts';

/**
 * 'Termini · Contatti · Privacy e crediti · Accessibilità': where the public pages are linked from (login,
 * Profilo, each other). On those pages (`withBack`) the way back too: to Profilo when logged in, to the
 * login otherwise.
 */
export function LegalLinks({ dimmed = false, withBack = false }: { dimmed?: boolean; withBack?: boolean }) {
  const { user } = useCurrentUser();
  const color = dimmed ? 'dimmed' : undefined;
  const links = (
    <Group justify="center" gap="md">
      <Anchor component={Link} to="/termini" c={color} size="sm" style={TAP_TARGET}>
        Termini
      </Anchor>
      <Anchor component={Link} to="/contatti" c={color} size="sm" style={TAP_TARGET}>
        Contatti
      </Anchor>
      <Anchor component={Link} to="/privacy" c={color} size="sm" style={TAP_TARGET}>
        Privacy e crediti
      </Anchor>
      <Anchor component={Link} to="/accessibilita" c={color} size="sm" style={TAP_TARGET}>
        Accessibilità
      </Anchor>
    </Group>
  );
  if (!withBack) return links;
  return (
    <Stack gap={0} align="center">
      {user ? (
        <Anchor component={Link} to="/profile" size="sm" style={TAP_TARGET}>
          Torna al Profilo
        </Anchor>
      ) : (
        <Anchor component={Link} to="/login" size="sm" style={TAP_TARGET}>
          Torna all'accesso
        </Anchor>
      )}
      {links}
    </Stack>
  );
}
