import { z } from 'zod';
import { sessionKeySchema } from '../../../rpc/schemas/auth.ts';
import { httpStatus, isNetworkFailure } from '../api/error-message.ts';

/**
 * Logouts made on this device that the server has not heard yet (decision 014): 'Esci' logs out here at
 * once and the server's session ends when a call gets through, at the next start or 'online' even if the
 * app was closed meanwhile. Each names its session by the key `auth.session` gave (never the cookie
 * alone: the browser may hold a newer session by the time it is sent). localStorage, read once.
 */
const pendingLogout = z.object({ userId: z.number().int(), sessionKey: sessionKeySchema.optional() });
export type PendingLogout = z.infer<typeof pendingLogout>;

const LOGOUTS = 'scambio-figurine-logouts';
/** The session this device last saw, so 'Esci' made offline still knows which one to end. */
const SESSION = 'scambio-figurine-session';

function read<T>(key: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
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
  pending ??= read(LOGOUTS, z.array(pendingLogout)) ?? [];
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
  const seen = read(SESSION, pendingLogout);
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
