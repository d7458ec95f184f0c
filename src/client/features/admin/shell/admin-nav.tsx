import { NavLink, Stack } from '@mantine/core';
import {
  IconAlbum,
  IconFlag,
  IconLayoutDashboard,
  IconMapPin,
  IconSettings,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link, useMatchRoute } from '@tanstack/react-router';
import { ADMIN_SECTIONS, type AdminSlug, adminHref } from '../admin-paths.ts';

const ICONS: Record<AdminSlug, TablerIcon> = {
  '': IconLayoutDashboard,
  album: IconAlbum,
  utenti: IconUsers,
  segnalazioni: IconFlag,
  'punti-scambio': IconMapPin,
  impostazioni: IconSettings,
};

/** The side navigation: one real link per section, the current one marked. */
export function AdminNav() {
  const matchRoute = useMatchRoute();
  return (
    <Stack component="nav" aria-label="Sezioni amministrazione" gap={4}>
      {ADMIN_SECTIONS.map(({ slug, label }) => {
        const Icon = ICONS[slug];
        const active = matchRoute({ to: adminHref(slug) }) !== false;
        return (
          <NavLink
            key={slug}
            component={Link}
            to={adminHref(slug)}
            label={label}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            // The router marks the current link (aria-current); exact, or /admin would match every section.
            activeOptions={{ exact: true }}
            active={active}
            variant="light"
            fw={active ? 600 : 500}
          />
        );
      })}
    </Stack>
  );
}
