import { DomainError } from '../domain-error.ts';

/** Open chat streams one collector may keep on one app server (tabs, phones): the oldest gives way. */
const STREAMS_PER_USER_MAX = 5;
/** Open chat streams one app server holds; beyond it new ones are refused (the chat falls back to polling). */
const STREAMS_PER_SERVER_MAX = 2000;
export const SERVER_BUSY_MESSAGE = 'Troppe chat aperte sul server in questo momento: riprova tra poco';

type StreamSlot = {
  /** Aborts when a newer stream of the same user took this slot. */
  signal: AbortSignal;
  /** Frees the slot; safe to call more than once. */
  release(): void;
};

/**
 * Counts the chat streams open on this app server, in memory: each server guards its own connections
 * and file descriptors, so the limits hold per server (a user on two servers may keep 5 on each).
 */
export function streamLimits(limits = { perUser: STREAMS_PER_USER_MAX, perServer: STREAMS_PER_SERVER_MAX }) {
  // Per user, the slots in the order they were taken (a Set keeps insertion order): oldest first.
  const byUser = new Map<number, Set<AbortController>>();
  let open = 0;

  function free(userId: number, slot: AbortController) {
    const slots = byUser.get(userId);
    if (!slots?.delete(slot)) return;
    open -= 1;
    if (slots.size === 0) byUser.delete(userId);
  }

  return {
    /** A slot for a new stream of `userId`; throws TOO_MANY_REQUESTS when this server is full. */
    take(userId: number): StreamSlot {
      const slots = byUser.get(userId) ?? new Set<AbortController>();
      if (slots.size >= limits.perUser) {
        const [oldest] = slots;
        if (oldest) {
          free(userId, oldest);
          oldest.abort();
        }
      } else if (open >= limits.perServer) {
        throw new DomainError('TOO_MANY_REQUESTS', SERVER_BUSY_MESSAGE);
      }
      const slot = new AbortController();
      slots.add(slot);
      byUser.set(userId, slots);
      open += 1;
      return { signal: slot.signal, release: () => free(userId, slot) };
    },
    get open() {
      return open;
    },
  };
}

export type StreamLimits = ReturnType<typeof streamLimits>;
