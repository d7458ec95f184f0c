const USER_PATHS = new Set(['/', '/dashboard', '/album', '/match', '/profile', '/admin']);

/** The paths the access guard lets a logged-in user stay on; any other sends them home. */
export function isKnownUserPath(path: string): boolean {
  return USER_PATHS.has(path) || path.startsWith('/chat');
}

export const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');
