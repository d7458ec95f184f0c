import {
  type AsyncRouteComponent,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { parseRecordId } from '../../rpc/schemas/record-id-rule.ts';
import { adminHref, adminSlugOf } from '../features/admin/admin-paths.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { validateResetSearch } from '../features/auth/password-reset/reset-search.ts';
import { prefetchAlbumList, prefetchOpenedAlbum } from '../features/collection/album-queries.ts';
import { rememberedAlbumId, rememberOpenAlbum } from '../features/collection/open-album.ts';
import { validateCompareSearch } from '../features/collection/share-list/compare-link.ts';
import { validateAlbumSearch } from '../features/collection/sticker-filter.ts';
import { validateLastStickersSearch } from '../features/matches/last-stickers-search.ts';
import { ensureCurrentUser, type SessionContext } from '../shared/session/use-current-user.ts';
import { FullPageLoader } from '../shared/ui/full-page-loader.tsx';
import { preloadToasts } from '../shared/ui/toast.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { isChatPath } from './user-paths.ts';

/*
 * Only the login screen is in the first download: every other screen is a chunk of its own (named after
 * its file), fetched on a visit or when a link to it is about to be followed, so a collector never
 * downloads the admin panel and a stranger gets to the login form sooner. The album, the core loop, is
 * fetched as soon as the tab bar shows (see BottomTabBar). Guards, params and search stay here.
 */

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

const HomeScreen = lazyRouteComponent(() => import('../features/home/home-page.tsx'), 'HomePage');
const homeRoute = createRoute({ getParentRoute: () => authedRoute, path: '/', component: HomeScreen });
const dashboardRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/dashboard',
  component: HomeScreen,
});
const matchRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/match',
  component: lazyRouteComponent(() => import('../features/matches/match-page.tsx'), 'MatchPage'),
});
const profileRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('../features/users/profile-page.tsx'), 'ProfilePage'),
});
const swapsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/scambi',
  component: lazyRouteComponent(() => import('../features/swaps/swaps-page.tsx'), 'SwapsPage'),
});
const chatRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/chat/$matchId',
  component: lazyRouteComponent(() => import('../features/chat/chat-page.tsx'), 'ChatPage'),
});

/**
 * /album is the list. `?reset=true` (and the Album tab) forget the open album; otherwise an album left
 * open, by a reload or a trip to another screen, opens again — unless the collector is coming back from
 * it, with Back or 'Torna agli album'.
 */
const albumListRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/album',
  component: lazyRouteComponent(() => import('../features/collection/album-page.tsx'), 'AlbumPage'),
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
  loader: ({ context }) => prefetchAlbumList(context),
});

/** One open album; a malformed id is an error (reported), an unknown one the album's not-found state. */
const openedAlbumRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/album/$albumId',
  component: lazyRouteComponent(
    () => import('../features/collection/opened-album-page.tsx'),
    'OpenedAlbumPage',
  ),
  params: {
    parse: ({ albumId }) => {
      const id = parseRecordId(albumId);
      if (id === null) throw new Error(`Indirizzo di album non valido: /album/${albumId}`);
      return { albumId: id };
    },
    stringify: ({ albumId }) => ({ albumId: String(albumId) }),
  },
  validateSearch: validateAlbumSearch,
  loader: ({ context, params }) => {
    // Taps and their undo work without a connection: the toasts come with the album, not with the first.
    preloadToasts();
    return prefetchOpenedAlbum(context, params.albumId);
  },
});

/** 'Le mie ultime': who near me has each sticker I still miss in this album (issue 28). */
const lastStickersRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/album/$albumId/ultime',
  component: lazyRouteComponent(
    () => import('../features/matches/last-stickers-page.tsx'),
    'LastStickersPage',
  ),
  params: {
    parse: ({ albumId }) => {
      const id = parseRecordId(albumId);
      if (id === null) throw new Error(`Indirizzo di album non valido: /album/${albumId}/ultime`);
      return { albumId: id };
    },
    stringify: ({ albumId }) => ({ albumId: String(albumId) }),
  },
  validateSearch: validateLastStickersSearch,
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

/** A shared list's link: outside the guard, as a stranger may open it too (the page tells them apart). */
const compareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confronta/$albumId',
  component: lazyRouteComponent(
    () => import('../features/collection/share-list/compare-route-page.tsx'),
    'CompareRoutePage',
  ),
  params: {
    parse: ({ albumId }) => {
      const id = parseRecordId(albumId);
      if (id === null) throw new Error(`Indirizzo di album non valido: /confronta/${albumId}`);
      return { albumId: id };
    },
    stringify: ({ albumId }) => ({ albumId: String(albumId) }),
  },
  validateSearch: validateCompareSearch,
});

/** The informativa and the data credits: outside the guard, as the login screen links to it. */
const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('../features/users/privacy-page.tsx'), 'PrivacyPage'),
});

/** A verification mail's link: confirms the address with the link's `token`, logged in or not. */
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verifica-email',
  component: lazyRouteComponent(() => import('../features/users/verify-email-page.tsx'), 'VerifyEmailPage'),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
});

/** 'Password dimenticata?': outside the guard, for whoever cannot log in (a link by e-mail or an admin's code). */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password-dimenticata',
  component: lazyRouteComponent(
    () => import('../features/auth/password-reset/forgot-password-page.tsx'),
    'ForgotPasswordPage',
  ),
});

/** A reset mail's link: the new password, with the token of the link's `token` parameter. */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reimposta-password',
  component: lazyRouteComponent(
    () => import('../features/auth/password-reset/reset-password-page.tsx'),
    'ResetPasswordPage',
  ),
  validateSearch: validateResetSearch,
});

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

const routeTree = rootRoute.addChildren([
  loginRoute,
  compareRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  privacyRoute,
  authedRoute.addChildren([
    homeRoute,
    dashboardRoute,
    albumListRoute,
    openedAlbumRoute,
    lastStickersRoute,
    matchRoute,
    chatRoute,
    swapsRoute,
    profileRoute,
    unknownUserPathRoute,
  ]),
  adminRoute.addChildren([
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
      lazyRouteComponent(
        () => import('../features/admin/users/admin-users-section.tsx'),
        'AdminUsersSection',
      ),
    ),
    adminSection(
      'segnalazioni',
      lazyRouteComponent(
        () => import('../features/admin/reports/admin-reports-section.tsx'),
        'AdminReportsSection',
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
  ]),
]);

export const router = createRouter({
  routeTree,
  // Filled in by main.tsx, with the clients it makes before the first render.
  context: { queryClient: undefined as never, trpcUtils: undefined as never },
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

/**
 * The code of the screen at the address the app opens on is fetched at once, alongside the app's first
 * render and the session question, instead of after the guard has answered. For a stranger on a
 * collector's address that is a few kilobytes fetched in vain before /login.
 */
export function preloadOpeningScreen() {
  const [routes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of routes) void router.loadRouteChunk(route);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
