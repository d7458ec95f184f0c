import { onlineManager } from '@tanstack/react-query';

/** Between two questions to the server while it cannot be reached: soon at first, then less often. */
const PROBE_DELAYS_MS = [2_000, 4_000, 8_000, 15_000];
/** A question with no answer within this is a failed one. */
const PROBE_TIMEOUT_MS = 4_000;

let checking = false;

/** Whether the server answers at all (any status: an answer is a connection). */
async function serverAnswers(): Promise<boolean> {
  try {
    await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

/**
 * A call got no answer: asks the server at once. No answer either, and the app goes offline, then asks
 * again now and then until one comes back. One lost call on a working network changes nothing.
 */
async function checkReachability() {
  if (checking) return;
  checking = true;
  try {
    if (await serverAnswers()) return;
    onlineManager.setOnline(false);
    for (let attempt = 0; !onlineManager.isOnline(); attempt += 1) {
      const delay = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)] as number;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (!onlineManager.isOnline() && (await serverAnswers())) onlineManager.setOnline(true);
    }
  } finally {
    checking = false;
  }
}

/**
 * The tRPC link's fetch. The device's word (`navigator.onLine`) is not enough: at a crowded newsstand a
 * phone may have a network that carries nothing, and a browser may say it is online after a reload with no
 * network at all. When calls get no answer whatsoever and the server does not answer a check either, the
 * app goes offline as if the device had said so: queries pause and show what the device kept, taps wait in
 * the outbox, the banner says 'Sei offline'. The server's first answer to a later check brings it back.
 */
export const reachabilityFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (!init?.signal?.aborted && onlineManager.isOnline()) void checkReachability();
    throw error;
  }
};
