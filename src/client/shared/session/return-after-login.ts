/**
 * A table swap's link opened by someone not logged in (the code came by WhatsApp, the app had logged out),
 * or a shared list's comparison a stranger leaves to log in or register: after the login or the sign-up
 * they land on it, fragment included (the code travels in it), instead of on Home. Only those two screens
 * are taken back, never another site; kept for the tab only.
 */
const KEY = 'scambio-figurine-return-after-login';

const isOwnPath = (path: string) =>
  (path.startsWith('/dal-vivo') || path.startsWith('/confronta/')) && !path.startsWith('//');

export function rememberReturnPath(location: { pathname: string; search: string; hash: string }) {
  const path = `${location.pathname}${location.search}${location.hash}`;
  if (!isOwnPath(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused: Home after the login, as before.
  }
}

/** The path to go back to after a login, once; null for Home. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path !== null && isOwnPath(path) ? path : null;
  } catch {
    return null;
  }
}
