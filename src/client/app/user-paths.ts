/** Like the router: case-insensitive, a trailing slash does not count. */
const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/**
 * An address under /chat that names no chat (/chat, /chat/1/extra): the spec's guard let every path
 * beginning with /chat through, so these get the 404 page, while any other unknown address goes Home.
 */
export const isChatPath = (path: string) => normalise(path).startsWith('/chat');

/** The spec: /admin and any path beginning with it belong to the admin panel. */
export const isAdminPath = (path: string) => normalise(path).startsWith('/admin');

/**
 * The screens of someone not logged in, and the birth date a logged-in account must give before any
 * other: no tab bar, no offline banner, no header (they have their card).
 */
const STRANGER_SCREENS = [
  '/login',
  '/data-di-nascita',
  '/password-dimenticata',
  '/reimposta-password',
  '/verifica-email',
  '/notifiche/disiscrizione',
];
export const isStrangerScreen = (path: string) => STRANGER_SCREENS.includes(normalise(path));

/** Screens anyone may open, logged in or not: their frame is a collector's only when one is logged in. */
const PUBLIC_SCREENS = ['/privacy', '/termini', '/termini/ragazzi', '/contatti', '/accessibilita'];
export const isPublicScreen = (path: string) =>
  PUBLIC_SCREENS.includes(normalise(path)) ||
  normalise(path).startsWith('/confronta/') ||
  normalise(path).startsWith('/decisioni/');
