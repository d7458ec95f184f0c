/** The part of the Navigation API this needs (Chromium, Safari 26, Firefox 147; older browsers lack it). */
export type NavigationHistory = {
  entries(): { url: string | null }[];
  currentEntry: { index: number } | null;
};

// The profile itself, and the login the user passed through, say nothing about where a problem was.
const NOT_A_PROBLEM_PAGE = new Set(['/profile', '/login']);

function pathIn(url: string | null | undefined, origin: string): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    if (parsed.origin !== origin || NOT_A_PROBLEM_PAGE.has(parsed.pathname)) return '';
    return parsed.pathname;
  } catch {
    return '';
  }
}

/**
 * The screen the user came to the profile from, sent with a report: the previous history entry (the app
 * moves between screens without reloading, so only the Navigation API knows it), else the referrer of a
 * full page load, else nothing.
 */
export function previousPage(navigation: NavigationHistory | undefined, referrer: string, origin: string) {
  const index = navigation?.currentEntry?.index ?? -1;
  const previous = index > 0 ? navigation?.entries()[index - 1]?.url : undefined;
  return pathIn(previous, origin) || pathIn(referrer, origin);
}

// The names the tab bar gives the screens; an album's page and a chat are named after their list.
const SCREEN_NAMES: Record<string, string> = {
  '': 'Home',
  dashboard: 'Home',
  album: 'Album',
  match: 'Match',
  chat: 'Chat',
};

/** What the collector calls the screen at `path`, to show with the report: 'Album' for /album/12. */
export function screenName(path: string): string {
  return SCREEN_NAMES[path.split('/')[1] ?? ''] ?? path;
}
