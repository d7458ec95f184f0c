import { type AsyncRouteComponent, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { adminHref, adminSlugOf } from '../features/admin/admin-paths.ts';
import { rootRoute } from './root-route.ts';

/**
 * The admin panel, every path under /admin: AdminPage decides between the phone notice, the admin login
 * form, the refusal and the panel. /admin/Utenti/ and the like become the one spelling the navigation uses.
 */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('../features/admin/admin-page.tsx'), 'AdminPage'),
  beforeLoad: ({ location }) => {
    const slug = adminSlugOf(location.pathname);
    if (slug !== null && location.pathname !== adminHref(slug)) {
      throw redirect({ href: adminHref(slug), replace: true });
    }
  },
});

const adminSection = (path: string, component: AsyncRouteComponent<object>) =>
  createRoute({ getParentRoute: () => adminRoute, path, component });

/** The admin panel and its sections, each a chunk of its own. */
export const adminRoutes = adminRoute.addChildren([
  adminSection(
    '/',
    lazyRouteComponent(
      () => import('../features/admin/dashboard/admin-dashboard-section.tsx'),
      'AdminDashboardSection',
    ),
  ),
  adminSection(
    'album',
    lazyRouteComponent(
      () => import('../features/admin/albums/admin-albums-section.tsx'),
      'AdminAlbumsSection',
    ),
  ),
  adminSection(
    'utenti',
    lazyRouteComponent(() => import('../features/admin/users/admin-users-section.tsx'), 'AdminUsersSection'),
  ),
  adminSection(
    'segnalazioni',
    lazyRouteComponent(
      () => import('../features/admin/reports/admin-reports-section.tsx'),
      'AdminReportsSection',
    ),
  ),
  adminSection(
    'punti-scambio',
    lazyRouteComponent(
      () => import('../features/admin/swap-points/admin-swap-points-section.tsx'),
      'AdminSwapPointsSection',
    ),
  ),
  adminSection(
    'impostazioni',
    lazyRouteComponent(
      () => import('../features/admin/settings/admin-settings-section.tsx'),
      'AdminSettingsSection',
    ),
  ),
  adminSection(
    '$',
    lazyRouteComponent(() => import('../features/admin/shell/section-not-found.tsx'), 'SectionNotFound'),
  ),
]);
