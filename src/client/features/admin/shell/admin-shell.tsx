import { AppShell } from '@mantine/core';
import { Navigate, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type AdminSlug, adminHref, adminSlugOf } from '../admin-paths.ts';
import { AdminAlbumsSection } from '../albums/admin-albums-section.tsx';
import { AdminDashboardSection } from '../dashboard/admin-dashboard-section.tsx';
import { AdminReportsSection } from '../reports/admin-reports-section.tsx';
import { AdminSettingsSection } from '../settings/admin-settings-section.tsx';
import { AdminUsersSection } from '../users/admin-users-section.tsx';
import { AdminHeader } from './admin-header.tsx';
import { AdminNav } from './admin-nav.tsx';
import { SectionNotFound } from './section-not-found.tsx';
import { useSignOutOn401 } from './use-sign-out-on-401.ts';

const SECTIONS: Record<AdminSlug, () => ReactNode> = {
  '': () => <AdminDashboardSection />,
  album: () => <AdminAlbumsSection />,
  utenti: () => <AdminUsersSection />,
  segnalazioni: () => <AdminReportsSection />,
  impostazioni: () => <AdminSettingsSection />,
};

/** The desktop panel for an administrator: header, side navigation, and the section the URL names. */
export function AdminShell({ nickname }: { nickname: string }) {
  const { pathname } = useLocation();
  useSignOutOn401();
  const slug = adminSlugOf(pathname);
  // /admin/Utenti/ and the like become the one spelling the navigation links to and marks as current.
  if (slug !== null && pathname !== adminHref(slug)) return <Navigate to={adminHref(slug)} replace />;
  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 240, breakpoint: 0 }} padding="xl">
      <AppShell.Header>
        <AdminHeader nickname={nickname} />
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <AdminNav current={slug} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">{slug === null ? <SectionNotFound /> : SECTIONS[slug]()}</AppShell.Main>
    </AppShell>
  );
}
