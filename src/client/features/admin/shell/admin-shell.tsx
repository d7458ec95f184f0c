import { AppShell } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { AdminHeader } from './admin-header.tsx';
import { AdminNav } from './admin-nav.tsx';

/** The desktop panel for an administrator: header, side navigation, and the section route the URL names. */
export function AdminShell({ nickname }: { nickname: string }) {
  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 240, breakpoint: 0 }} padding="xl">
      <AppShell.Header>
        <AdminHeader nickname={nickname} />
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <AdminNav />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
