import type { RouterOutputs } from '../../shared/api/trpc.ts';

export type ChatMessage = RouterOutputs['chat']['messages'][number];

/**
 * The union of two lists of messages, oldest first, each once. The same message can reach the screen
 * up to three ways (the send reply, the live stream, a catch-up fetch), in any order.
 */
export function mergeMessages(
  current: readonly ChatMessage[] | undefined,
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (!current) return [...incoming];
  const known = new Set(current.map((message) => message.id));
  const fresh = incoming.filter((message) => !known.has(message.id));
  // Nothing new: the same array, so nothing re-renders.
  if (fresh.length === 0) return current as ChatMessage[];
  return [...current, ...fresh].sort((a, b) => a.id - b.id);
}

/** The id a catch-up fetch asks to go past (0 when there is nothing yet). */
export const newestId = (messages: readonly ChatMessage[]) => messages.at(-1)?.id ?? 0;
