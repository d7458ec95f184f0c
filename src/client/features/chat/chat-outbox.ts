import { useMemo, useSyncExternalStore } from 'react';
import { deviceStore } from '../../shared/outbox/device-store.ts';

/**
 * A message written with no connection (or whose send got no answer), kept on this device until the
 * server has it (issue 48, row 4; docs/decisions/055). `key` is also what the server knows it by: sent
 * again after a lost answer, it is stored once.
 */
export type QueuedMessage = {
  key: string;
  userId: number;
  matchId: number;
  content: string;
  /** Epoch milliseconds on this device, one apart at least: the order they were written and are sent. */
  writtenAt: number;
  /** The server refused it (blocked, chat closed, too long…): its reason; it is never sent again. */
  refused?: string;
};

/** The most messages one collector may have waiting on the device. */
export const CHAT_OUTBOX_MAX = 50;
export const CHAT_OUTBOX_FULL_TEXT = `Ci sono già ${CHAT_OUTBOX_MAX} messaggi in attesa di invio: potrai scriverne altri quando saranno partiti o dopo averne scartato qualcuno.`;

const outbox = deviceStore<QueuedMessage>(
  'scambio-figurine-chat-outbox',
  'messages',
  (message) => `${message.userId}:${message.key}`,
  (a, b) => a.writtenAt - b.writtenAt,
);

export const loadChatOutbox = outbox.load;
export const subscribeChatOutbox = outbox.subscribe;
export const chatOutboxSnapshot = outbox.snapshot;

/** My messages the server has not taken yet and may still take, oldest first. */
export const waitingMessagesOf = (userId: number) =>
  outbox.snapshot().filter((message) => message.userId === userId && message.refused === undefined);

/** Keeps a message to send later; false when the collector's outbox is full (it is not kept). */
export async function queueMessage(message: Omit<QueuedMessage, 'writtenAt'>): Promise<boolean> {
  await outbox.load();
  const mine = outbox.snapshot().filter((kept) => kept.userId === message.userId);
  if (mine.length >= CHAT_OUTBOX_MAX) return false;
  const writtenAt = Math.max(Date.now(), (outbox.snapshot().at(-1)?.writtenAt ?? 0) + 1);
  await outbox.keep([{ ...message, writtenAt }]);
  return true;
}

/** The server has it: it leaves the device. */
export const settleMessage = (message: QueuedMessage) => outbox.forget([message]);

export const refuseMessage = (message: QueuedMessage, reason: string) =>
  outbox.keep([{ ...message, refused: reason }]);

export const discardMessage = (message: QueuedMessage) => outbox.forget([message]);

/** Every message this collector left on the device, waiting or refused ('Esci e scarta', leaving). */
export async function dropMessagesOf(userId: number, { refusedOnly = false } = {}): Promise<void> {
  await outbox.load();
  const gone = outbox
    .snapshot()
    .filter((message) => message.userId === userId && (!refusedOnly || message.refused !== undefined));
  if (gone.length > 0) await outbox.forget(gone);
}

const useOutbox = () => useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot);

/** My messages in this chat still on the device, waiting or refused, in the order written. */
export function useQueuedMessages(userId: number, matchId: number): readonly QueuedMessage[] {
  const all = useOutbox();
  return useMemo(
    () => all.filter((message) => message.userId === userId && message.matchId === matchId),
    [all, userId, matchId],
  );
}

/** How many of my messages wait to be sent, in every chat. */
export function useWaitingMessageCount(userId: number | undefined): number {
  const all = useOutbox();
  return useMemo(
    () => all.filter((message) => message.userId === userId && message.refused === undefined).length,
    [all, userId],
  );
}
