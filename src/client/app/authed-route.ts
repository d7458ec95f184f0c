import { createRoute, redirect } from '@tanstack/react-router';
import { rememberReturnPath } from '../shared/session/return-after-login.ts';
import { ensureCurrentUser } from '../shared/session/use-current-user.ts';
import { FullPageLoader } from '../shared/ui/full-page-loader.tsx';
import { rootRoute } from './root-route.ts';

/** Asked once of an account from before birth dates were asked (issue 45). */
export const BIRTH_DATE_PATH = '/data-di-nascita';

/**
 * The spec's access guard for the user screens: 'Caricamento...' while asking who is here, then /login
 * for strangers. The admin panel and the login screen are outside it.
 */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_authed',
  beforeLoad: async ({ context, location }) => {
    const user = await ensureCurrentUser(context);
    if (!user) {
      // Back here after the login (the page's own address: the router's may lack the fragment yet).
      rememberReturnPath(window.location);
      throw redirect({ to: '/login', replace: true });
    }
    // An account from before birth dates were asked answers first (issue 45): no screen until then.
    if (user.birthDateMissing && location.pathname !== BIRTH_DATE_PATH) {
      throw redirect({ to: BIRTH_DATE_PATH, replace: true });
    }
    return { user };
  },
  pendingComponent: FullPageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
});
