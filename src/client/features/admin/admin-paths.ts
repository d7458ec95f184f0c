/** The panel's sections in navigation order; each is a real URL under /admin (the dashboard is /admin). */
export const ADMIN_SECTIONS = [
  { slug: '', label: 'Dashboard' },
  { slug: 'album', label: 'Album' },
  { slug: 'utenti', label: 'Utenti' },
  { slug: 'segnalazioni', label: 'Segnalazioni' },
  { slug: 'punti-scambio', label: 'Punti Scambio' },
  { slug: 'impostazioni', label: 'Impostazioni' },
] as const;

export type AdminSlug = (typeof ADMIN_SECTIONS)[number]['slug'];

const isAdminSlug = (value: string): value is AdminSlug =>
  ADMIN_SECTIONS.some((section) => section.slug === value);

/**
 * The section a path under /admin shows, or null for a path the panel does not know. Like the router:
 * case-insensitive, and trailing slashes do not count.
 */
export function adminSlugOf(pathname: string): AdminSlug | null {
  const rest = pathname
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/^\/admin/, '')
    .replace(/^\//, '');
  return isAdminSlug(rest) ? rest : null;
}

export const adminHref = (slug: AdminSlug) => (slug === '' ? '/admin' : `/admin/${slug}`);
