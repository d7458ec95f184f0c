import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { AdminPage } from '../features/admin/admin-page.tsx';
import { AlbumPage } from '../features/album/album-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ChatPage } from '../features/chat/chat-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { MatchPage } from '../features/match/match-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginPage });
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });
const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  component: HomePage,
});
const matchRoute = createRoute({ getParentRoute: () => rootRoute, path: '/match', component: MatchPage });
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  component: ProfilePage,
});
const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', component: AdminPage });
const adminSubRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/$',
  component: AdminPage,
});
const albumRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/album',
  component: AlbumPage,
  validateSearch: (search: Record<string, unknown>): { reset?: boolean } =>
    search.reset === true || search.reset === 'true' ? { reset: true } : {},
});

const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/chat/$matchId',
  component: ChatPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  homeRoute,
  dashboardRoute,
  albumRoute,
  matchRoute,
  chatRoute,
  profileRoute,
  adminRoute,
  adminSubRoute,
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
