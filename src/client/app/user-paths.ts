const USER_PATHS = new Set(['/', '/dashboard', '/album', '/match', '/profile', '/admin']);

/** Like the router: case-insensitive, a trailing slash does not count. */
const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/** The paths the access guard lets a logged-in user stay on; any other sends them home. */
export function isKnownUserPath(path: string): boolean {
  const normalised = normalise(path);
  return USER_PATHS.has(normalised) || normalised.startsWith('/chat');
}

/** The spec: /admin and any path beginning with it belong to the admin panel. */
export const isAdminPath = (path: string) => normalise(path).startsWith('/admin');
