import { isSessionKey } from '../../../rpc/schemas/session-key-rule.ts';
import { httpStatus, isNetworkFailure } from '../api/error-message.ts';

/**
 * Logouts made on this device that the server has not heard yet (decision 014): 'Esci' logs out here at
 * once and the server's session ends when a call gets through, at the next start or 'online' even if the
 * app was closed meanwhile. Each names its session by the key `auth.session` gave (never the cookie
 * alone: the browser may hold a newer session by the time it is sent). localStorage, read once.
 */
export type PendingLogout = { userId: number; sessionKey?: string | undefined };

const LOGOUTS = 'scambio-figurine-logouts';
/** The session this device last saw, so 'Esci' made offline still knows which one to end. */
const SESSION = 'scambio-figurine-session';

/**
 * A logout (or the session last seen) as this device wrote it, or undefined for anything else: an older
 * version's, or edited by hand. Checked without zod, as every first screen reads these (session-key-rule.ts).
 */
function asPendingLogout(value: unknown): PendingLogout | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { userId, sessionKey } = value as Record<string, unknown>;
  if (typeof userId !== 'number' || !Number.isInteger(userId)) return undefined;
  if (sessionKey === undefined) return { userId };
  return isSessionKey(sessionKey) ? { userId, sessionKey } : undefined;
}

/** The whole list, or undefined if any of it is not a logout. */
function asPendingLogouts(value: unknown): PendingLogout[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const logouts = value.map(asPendingLogout);
  return logouts.every((logout) => logout !== undefined) ? logouts : undefined;
}

function read<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined {
  try {
    return parse(JSON.parse(localStorage.getItem(key) ?? 'null'));
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the logout still happens on this device, the server's waits for online.
  }
}

let pending: PendingLogout[] | undefined;
if (typeof window !== 'undefined') {
  // Another tab logged out (or its logout got through): read the list again.
  window.addEventListener('storage', (event) => {
    if (event.key === LOGOUTS) pending = undefined;
  });
}
const pendingNow = () => {
  pending ??= read(LOGOUTS, asPendingLogouts) ?? [];
  return pending;
};

type SeenUser = { id: number; sessionKey?: string | undefined };

let remembered: string | undefined;

/** Remembers the session of an answer that names it. */
export function rememberSession(user: SeenUser | null) {
  if (!user?.sessionKey || user.sessionKey === remembered) return;
  remembered = user.sessionKey;
  write(SESSION, { userId: user.id, sessionKey: user.sessionKey });
}

/** Logged out on this device: this session is nobody here, whatever the cookie still says. */
export function isLoggedOutHere(user: SeenUser): boolean {
  return pendingNow().some(
    (logout) => logout.userId === user.id && (!logout.sessionKey || logout.sessionKey === user.sessionKey),
  );
}

/** 'Esci': from now on this user's session is nobody here; the server hears it with `sendPendingLogouts`. */
export function rememberLogout(user: SeenUser) {
  const seen = read(SESSION, asPendingLogout);
  const sessionKey = user.sessionKey ?? (seen?.userId === user.id ? seen.sessionKey : undefined);
  pending = [
    ...pendingNow().filter((logout) => logout.sessionKey !== sessionKey),
    { userId: user.id, sessionKey },
  ];
  write(LOGOUTS, pending);
}

function forget(sent: PendingLogout) {
  pending = pendingNow().filter((logout) => logout !== sent);
  write(LOGOUTS, pending);
}

/** Kept for later: no answer, or the server could not answer now. Any other answer settles it. */
const worthRetrying = (error: unknown) => {
  const status = httpStatus(error);
  return isNetworkFailure(error) || status === undefined || status === 408 || status === 429 || status >= 500;
};

type SendLogout = (input: { session?: { userId: number; sessionKey: string } }) => Promise<unknown>;
let sending: Promise<number> | undefined;

/**
 * Tells the server of every logout made here, oldest first; stops at the first that gets no answer.
 * One run at a time. Resolves to how many the server settled.
 */
export function sendPendingLogouts(send: SendLogout): Promise<number> {
  sending ??= sendEach(send).finally(() => {
    sending = undefined;
  });
  return sending;
}

async function sendEach(send: SendLogout): Promise<number> {
  let settled = 0;
  for (const logout of [...pendingNow()]) {
    const { userId, sessionKey } = logout;
    try {
      // Without a key (a session seen before keys existed) only the cookie can name it.
      await send(sessionKey ? { session: { userId, sessionKey } } : {});
    } catch (error) {
      if (worthRetrying(error)) break;
    }
    forget(logout);
    settled += 1;
  }
  return settled;
}
