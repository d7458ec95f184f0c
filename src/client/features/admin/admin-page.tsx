import './admin-mantine.css';
import { useMediaQuery } from '@mantine/hooks';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { FullPageLoader } from '../../shared/ui/full-page-loader.tsx';
import { AccessDenied } from './access/access-denied.tsx';
import { AdminLoginForm } from './access/admin-login-form.tsx';
import { DesktopRequired } from './access/desktop-required.tsx';
import { AdminShell } from './shell/admin-shell.tsx';

/**
 * Every path under /admin. Below 768 px the panel is refused (it is built for a desktop); then a
 * stranger gets the admin login form, a collector is refused, and an administrator gets the panel.
 */
export function AdminPage() {
  const isPhone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const { user, isLoading } = useCurrentUser();

  if (isPhone) return <DesktopRequired />;
  if (isLoading) return <FullPageLoader />;
  if (!user) return <AdminLoginForm />;
  if (!user.isAdmin) return <AccessDenied nickname={user.nickname} />;
  return <AdminShell nickname={user.nickname} />;
}
