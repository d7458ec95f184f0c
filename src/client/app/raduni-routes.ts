import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseRecordId } from '../../rpc/schemas/record-id-rule.ts';
import { authedRoute } from './authed-route.ts';

/** Raduni (issue 46): the meets near me, a meet, its offline 'Chi qui ha le tue mancanti', check-in, QR. */
const raduniRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/raduni',
  component: lazyRouteComponent(() => import('../features/raduni/raduni-page.tsx'), 'RaduniPage'),
});
const announceRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/raduni/nuovo',
  component: lazyRouteComponent(() => import('../features/raduni/announce-page.tsx'), 'AnnouncePage'),
});
const radunoParams = {
  parse: ({ radunoId }: { radunoId: string }) => {
    const id = parseRecordId(radunoId);
    if (id === null) throw new Error(`Indirizzo di raduno non valido: /raduni/${radunoId}`);
    return { radunoId: id };
  },
  stringify: ({ radunoId }: { radunoId: number }) => ({ radunoId: String(radunoId) }),
};
const radunoRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/raduni/$radunoId',
  component: lazyRouteComponent(() => import('../features/raduni/raduno-page.tsx'), 'RadunoPage'),
  params: radunoParams,
});
const radunoHereRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/raduni/$radunoId/qui',
  component: lazyRouteComponent(() => import('./raduno-here-screen.tsx'), 'RadunoHereScreen'),
  params: radunoParams,
});
const radunoCheckInRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/raduni/$radunoId/check-in',
  component: lazyRouteComponent(() => import('../features/raduni/check-in-page.tsx'), 'CheckInPage'),
  params: radunoParams,
});
const radunoPrintRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/raduni/$radunoId/stampa',
  component: lazyRouteComponent(() => import('../features/raduni/raduno-print-page.tsx'), 'RadunoPrintPage'),
  params: radunoParams,
});

export const raduniRoutes = [
  raduniRoute,
  announceRoute,
  radunoRoute,
  radunoHereRoute,
  radunoCheckInRoute,
  radunoPrintRoute,
] as const;
