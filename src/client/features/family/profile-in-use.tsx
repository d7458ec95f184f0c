import { Badge } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';

/**
 * Under the logo while a parent acts as a child profile (issue 45, row 2): whose albums, swaps and
 * messages these are, on every screen; a tap leads to Profilo, where 'Torna a …' is.
 */
export function ProfileInUse() {
  const { user } = useCurrentUser();
  if (!user?.parent) return null;
  return (
    <Badge
      renderRoot={(props) => <Link {...props} to="/profile" />}
      variant="filled"
      color="indigo.8"
      size="lg"
      tt="none"
      aria-label={`Stai usando il profilo di ${user.nickname}: vai a Profilo`}
    >
      Profilo di {user.nickname}
    </Badge>
  );
}
