import { createRootRouteWithContext, createRoute, createRouter, redirect } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { albumIdSchema } from '../../rpc/schemas/albums.ts';
import { AdminPage } from '../features/admin/admin-page.tsx';
import { adminHref, adminSlugOf } from '../features/admin/admin-paths.ts';
import { AdminAlbumsSection } from '../features/admin/albums/admin-albums-section.tsx';
import { AdminDashboardSection } from '../features/admin/dashboard/admin-dashboard-section.tsx';
import { AdminReportsSection } from '../features/admin/reports/admin-reports-section.tsx';
import { AdminSettingsSection } from '../features/admin/settings/admin-settings-section.tsx';
import { SectionNotFound } from '../features/admin/shell/section-not-found.tsx';
import { AdminUsersSection } from '../features/admin/users/admin-users-section.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ChatPage } from '../features/chat/chat-page.tsx';
import { AlbumPage } from '../features/collection/album-page.tsx';
import { rememberedAlbumId, rememberOpenAlbum } from '../features/collection/open-album.ts';
import { OpenedAlbumPage } from '../features/collection/opened-album-page.tsx';
import { albumSearchSchema } from '../features/collection/sticker-filter.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { MatchPage } from '../features/matches/match-page.tsx';
import { ProfilePage } from '../features/users/profile-page.tsx';
import { ensureCurrentUser, type SessionContext } from '../shared/session/use-current-user.ts';
import { FullPageLoader } from '../shared/ui/full-page-loader.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { isChatPath } from './user-paths.ts';

const rootRoute = createRootRouteWithContext<SessionContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/** Logged in already: the login screen has nothing to offer, Home it is. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: LoginPage,
  beforeLoad: async ({ context }) => {
    if (await ensureCurrentUser(context)) throw redirect({ to: '/', replace: true });
  },
});

/**
 * The spec's access guard for the user screens: 'Caricamento...' while asking who is here, then /login
 * for strangers. The admin panel and the login screen are outside it.
 */
const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_authed',
  beforeLoad: async ({ context }) => {
    const user = await ensureCurrentUser(context);
    if (!user) throw redirect({ to: '/login', replace: true });
    return { user };
  },
  pendingComponent: FullPageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
});

const homeRoute = createRoute({ getParentRoute: () => authedRoute, path: '/', component: HomePage });
const dashboardRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/dashboard',
  component: HomePage,
});
const matchRoute = createRoute({ getParentRoute: () => authedRoute, path: '/match', component: MatchPage });
const profileRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/profile',
  component: ProfilePage,
});
const chatRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/chat/$matchId',
  component: ChatPage,
});

/**
 * /album is the list. `?reset=true` (and the Album tab) forget the open album; otherwise an album left
 * open, by a reload or a trip to another screen, opens again — unless the collector is coming back from
 * it, with Back or 'Torna agli album'.
 */
const albumListRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/album',
  component: AlbumPage,
  validateSearch: (search: Record<string, unknown>): { reset?: true } =>
    search.reset === true || search.reset === 'true' ? { reset: true } : {},
  beforeLoad: ({ search, preload }) => {
    if (preload) return;
    const leaving = router.state.resolvedLocation?.pathname;
    if (search.reset || leaving?.startsWith('/album/')) rememberOpenAlbum(null);
    // Drop the flag, so a reload of the list does not look like a new reset.
    if (search.reset) throw redirect({ to: '/album', search: {}, replace: true });
    const albumId = rememberedAlbumId();
    if (albumId !== null) throw redirect({ to: '/album/$albumId', params: { albumId }, replace: true });
  },
});

/** One open album; a malformed id is an error (reported), an unknown one the album's not-found state. */
const openedAlbumRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/album/$albumId',
  component: OpenedAlbumPage,
  params: {
    parse: ({ albumId }) => {
      const parsed = albumIdSchema.safeParse(albumId);
      if (!parsed.success) throw new Error(`Indirizzo di album non valido: /album/${albumId}`);
      return { albumId: parsed.data };
    },
    stringify: ({ albumId }) => ({ albumId: String(albumId) }),
  },
  validateSearch: albumSearchSchema,
});

/**
 * Any other address: a stranger has already been sent to /login, a collector goes Home. The few under
 * /chat that name no chat get the 404 page instead, as the spec's guard let them through.
 */
const unknownUserPathRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '$',
  component: NotFoundPage,
  beforeLoad: ({ location }) => {
    if (!isChatPath(location.pathname)) throw redirect({ to: '/', replace: true });
  },
});

/**
 * The admin panel, every path under /admin: AdminPage decides between the phone notice, the admin login
 * form, the refusal and the panel. /admin/Utenti/ and the like become the one spelling the navigation uses.
 */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: AdminPage,
  beforeLoad: ({ location }) => {
    const slug = adminSlugOf(location.pathname);
    if (slug !== null && location.pathname !== adminHref(slug)) {
      throw redirect({ href: adminHref(slug), replace: true });
    }
  },
});

const adminSection = (path: string, component: () => ReactNode) =>
  createRoute({ getParentRoute: () => adminRoute, path, component });

const routeTree = rootRoute.addChildren([
  loginRoute,
  authedRoute.addChildren([
    homeRoute,
    dashboardRoute,
    albumListRoute,
    openedAlbumRoute,
    matchRoute,
    chatRoute,
    profileRoute,
    unknownUserPathRoute,
  ]),
  adminRoute.addChildren([
    adminSection('/', AdminDashboardSection),
    adminSection('album', AdminAlbumsSection),
    adminSection('utenti', AdminUsersSection),
    adminSection('segnalazioni', AdminReportsSection),
    adminSection('impostazioni', AdminSettingsSection),
    adminSection('$', SectionNotFound),
  ]),
]);

export const router = createRouter({
  routeTree,
  // Filled in by <RouterProvider context>, where the query client is made.
  context: { queryClient: undefined as never, trpcUtils: undefined as never },
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
