import { createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { parseRecordId } from '../../rpc/schemas/record-id-rule.ts';
import { prefetchAlbumList, prefetchOpenedAlbum } from '../features/collection/album-queries.ts';
import { validateInPersonSearch } from '../features/collection/in-person/in-person-search.ts';
import { rememberedAlbumId, rememberOpenAlbum } from '../features/collection/open-album.ts';
import { validateAlbumSearch } from '../features/collection/sticker-filter.ts';
import { validateLastStickersSearch } from '../features/matches/last-stickers-search.ts';
import { validateSwapsSearch } from '../features/swaps/swaps-search.ts';
import { preloadToasts } from '../shared/ui/toast.ts';
import { adminRoutes } from './admin-routes.ts';
import { authedRoute, BIRTH_DATE_PATH } from './authed-route.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { publicRoutes } from './public-routes.ts';
import { raduniRoutes } from './raduni-routes.ts';
import { rootRoute } from './root-route.ts';
import { RouteError } from './route-error.tsx';
import { isChatPath } from './user-paths.ts';

/*
 * Only the login screen is in the first download: every other screen is a chunk of its own (named after
 * its file), fetched on a visit or when a link to it is about to be followed, so a collector never
 * downloads the admin panel and a stranger gets to the login form sooner. The album, the core loop, is
 * fetched as soon as the tab bar shows (see BottomTabBar). Guards, params and search stay with the routes:
 * the collectors' screens here, behind their guard (authed-route.ts), the meets' in raduni-routes.ts; the
 * screens anyone may open in public-routes.ts; the admin panel in admin-routes.ts.
 */

/** Asked once; answered, it is Home. */
const birthDateRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: BIRTH_DATE_PATH,
  component: lazyRouteComponent(() => import('../features/users/birth-date-page.tsx'), 'BirthDatePage'),
  beforeLoad: ({ context }) => {
    if (!context.user.birthDateMissing) throw redirect({ to: '/', replace: true });
  },
});

const HomeScreen = lazyRouteComponent(() => import('./home-screen.tsx'), 'HomeScreen');
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
  component: lazyRouteComponent(() => import('./profile-screen.tsx'), 'ProfileScreen'),
});
const swapsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/scambi',
  component: lazyRouteComponent(() => import('../features/swaps/swaps-page.tsx'), 'SwapsPage'),
  validateSearch: validateSwapsSearch,
});
const chatRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/chat/$matchId',
  component: lazyRouteComponent(() => import('../features/chat/chat-page.tsx'), 'ChatPage'),
  // 'Chiedi in chat' from 'Le mie ultime': the sticker the new chat's first message asks for.
  validateSearch: (search: Record<string, unknown>): { chiedi?: string } =>
    typeof search.chiedi === 'string' && /^[A-Za-z0-9-]{1,10}$/.test(search.chiedi)
      ? { chiedi: search.chiedi }
      : {},
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

/** 'Ordina le ultime': what I miss of this album to order, within the album's limit (issue 49). */
const orderListRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/album/$albumId/ordine',
  component: lazyRouteComponent(
    () => import('../features/collection/order-list/order-list-page.tsx'),
    'OrderListPage',
  ),
  params: {
    parse: ({ albumId }) => {
      const id = parseRecordId(albumId);
      if (id === null) throw new Error(`Indirizzo di album non valido: /album/${albumId}/ordine`);
      return { albumId: id };
    },
    stringify: ({ albumId }) => ({ albumId: String(albumId) }),
  },
});

/** 'Scambio dal vivo' (issue 34): the table swap, offline too; a code arrives in the link's fragment. */
const inPersonRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/dal-vivo',
  component: lazyRouteComponent(
    () => import('../features/collection/in-person/in-person-page.tsx'),
    'InPersonPage',
  ),
  validateSearch: validateInPersonSearch,
  loader: ({ context, location }) => {
    const albumId = validateInPersonSearch(location.search as Record<string, unknown>).album;
    if (albumId !== undefined) prefetchOpenedAlbum(context, albumId);
  },
});

/** 'Stampa la mancolista': the missing list, the doubles and the album code on an A4 sheet. */
const inPersonPrintRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/dal-vivo/stampa',
  component: lazyRouteComponent(() => import('../features/collection/in-person/print-page.tsx'), 'PrintPage'),
  validateSearch: validateInPersonSearch,
});

/** Punti Scambio (issue 45, row 9): the public places near me, and one place's page with its hours. */
const swapPointsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/punti-scambio',
  component: lazyRouteComponent(
    () => import('../features/swap-points/swap-points-page.tsx'),
    'SwapPointsPage',
  ),
});
const swapPointRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/punti-scambio/$puntoId',
  component: lazyRouteComponent(() => import('../features/swap-points/swap-point-page.tsx'), 'SwapPointPage'),
  params: {
    parse: ({ puntoId }) => {
      const id = parseRecordId(puntoId);
      if (id === null) throw new Error(`Indirizzo di Punto Scambio non valido: /punti-scambio/${puntoId}`);
      return { puntoId: id };
    },
    stringify: ({ puntoId }) => ({ puntoId: String(puntoId) }),
  },
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

const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  authedRoute.addChildren([
    homeRoute,
    birthDateRoute,
    dashboardRoute,
    albumListRoute,
    openedAlbumRoute,
    lastStickersRoute,
    orderListRoute,
    inPersonRoute,
    inPersonPrintRoute,
    matchRoute,
    chatRoute,
    swapsRoute,
    swapPointsRoute,
    swapPointRoute,
    ...raduniRoutes,
    profileRoute,
    unknownUserPathRoute,
  ]),
  adminRoutes,
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
