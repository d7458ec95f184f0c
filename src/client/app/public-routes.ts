import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { parseRecordId } from '../../rpc/schemas/record-id-rule.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { validateResetSearch } from '../features/auth/password-reset/reset-search.ts';
import { validateCompareSearch } from '../features/collection/share-list/compare-link.ts';
import { ensureCurrentUser } from '../shared/session/use-current-user.ts';
import { rootRoute } from './root-route.ts';

/*
 * The screens anyone may open, logged in or not, outside the collectors' guard: the login screen, the
 * links that come by mail or by message, the informativa, the Termini and the accessibility statement.
 */

/** Logged in already: the login screen has nothing to offer, Home it is. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: LoginPage,
  beforeLoad: async ({ context }) => {
    if (await ensureCurrentUser(context)) throw redirect({ to: '/', replace: true });
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

/** The Termini, their simple version and the contacts (issue 47): outside the guard, linked from the login. */
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/termini',
  component: lazyRouteComponent(() => import('../features/users/terms-page.tsx'), 'TermsPage'),
});
const termsTeensRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/termini/ragazzi',
  component: lazyRouteComponent(() => import('../features/users/terms-teens-page.tsx'), 'TermsTeensPage'),
});
const contactsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contatti',
  component: lazyRouteComponent(() => import('../features/users/contacts-page.tsx'), 'ContactsPage'),
});

/** The accessibility statement (issue 47, row 5): outside the guard, linked from the login like the Termini. */
const accessibilityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accessibilita',
  component: lazyRouteComponent(
    () => import('../features/users/accessibility-page.tsx'),
    'AccessibilityPage',
  ),
});

/**
 * A statement of reasons (issue 47, row 3): outside the guard, as its e-mail's link (`token`) must open for
 * a suspended account that cannot log in; with a session, Profilo links it without a token.
 */
const decisionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/decisioni/$decisionId',
  component: lazyRouteComponent(() => import('../features/users/decision-page.tsx'), 'DecisionPage'),
  params: {
    parse: ({ decisionId }) => {
      const id = parseRecordId(decisionId);
      if (id === null) throw new Error(`Indirizzo di decisione non valido: /decisioni/${decisionId}`);
      return { decisionId: id };
    },
    stringify: ({ decisionId }) => ({ decisionId: String(decisionId) }),
  },
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
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

/** An alert e-mail's unsubscribe link: that kind of e-mail off, with the link's `token`, logged in or not. */
const alertsUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifiche/disiscrizione',
  component: lazyRouteComponent(() => import('../features/alerts/unsubscribe-page.tsx'), 'UnsubscribePage'),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
});

/** The screens outside the guard, in the order the router tries them. */
export const publicRoutes = [
  loginRoute,
  compareRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  alertsUnsubscribeRoute,
  decisionRoute,
  privacyRoute,
  termsRoute,
  termsTeensRoute,
  contactsRoute,
  accessibilityRoute,
] as const;
