import { createRootRouteWithContext } from '@tanstack/react-router';
import type { SessionContext } from '../shared/session/use-current-user.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

/** Every screen's parent: the frame (RootLayout), with the session's clients in its context. */
export const rootRoute = createRootRouteWithContext<SessionContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
