import { Navigate, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../shared/session/use-current-user.ts';
import { FullPageLoader } from '../shared/ui/full-page-loader.tsx';
import { isKnownUserPath } from './user-paths.ts';

/** The spec's access guard: spinner while asking who is here, then /login for strangers and / for the lost. */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageLoader />;
  if (!user && pathname !== '/login') return <Navigate to="/login" replace />;
  if (user && (pathname === '/login' || !isKnownUserPath(pathname))) return <Navigate to="/" replace />;
  return children;
}
