import { onlineManager } from '@tanstack/react-query';

type Sender = {
  /** Reads what earlier visits left on the device; the first send follows. */
  load: () => Promise<void>;
  /** Sends what waits; true when some was left unsent (no answer, the connection gone). */
  send: (stopped: () => boolean) => Promise<boolean>;
  /** Calls back when something new waits. */
  subscribe: (changed: () => void) => () => void;
  /** Unsent work while online is tried again after this, doubling up to `retryMaxMs`. */
  retryFirstMs: number;
  retryMaxMs: number;
};

/**
 * What the device keeps to send (taps, table swaps, chat messages) goes out in the background: at the start, at each new
 * item, when the connection returns, and again with backoff while some is left online. One send at a time;
 * what comes during a send goes in the next. Returns the stop.
 */
export function startBackgroundSender({ load, send, subscribe, retryFirstMs, retryMaxMs }: Sender) {
  let sending = false;
  let again = false;
  let stopped = false;
  let retryIn = retryFirstMs;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const isStopped = () => stopped;
  const flush = async () => {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    clearTimeout(retry);
    try {
      let unsent = false;
      do {
        again = false;
        unsent = await send(isStopped);
      } while (again && !stopped);
      if (!unsent) retryIn = retryFirstMs;
      else if (!stopped && onlineManager.isOnline()) {
        retry = setTimeout(() => void flush(), retryIn);
        retryIn = Math.min(retryIn * 2, retryMaxMs);
      }
    } finally {
      sending = false;
    }
  };
  void load().then(flush);
  const unsubscribe = subscribe(() => void flush());
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online) void flush();
  });
  return () => {
    stopped = true;
    unsubscribe();
    unsubscribeOnline();
    clearTimeout(retry);
  };
}
