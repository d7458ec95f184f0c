import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { trpc } from '../../shared/api/trpc.ts';
import { startBackgroundSender } from '../../shared/outbox/background-sender.ts';
import { staysInOutbox } from '../../shared/outbox/stays-in-outbox.ts';
import { toastError } from '../../shared/ui/toast.ts';
import { type ChatMessage, mergeMessages } from './chat-message.ts';
import {
  dropMessagesOf,
  loadChatOutbox,
  refuseMessage,
  settleMessage,
  subscribeChatOutbox,
  waitingMessagesOf,
} from './chat-outbox.ts';
import { sendFailureText } from './send-failure-text.ts';

/** The server's side of sending: the call, and where a stored message goes (the chat on screen, if any). */
export type ChatSending = {
  send: (input: { matchId: number; content: string; key: string }) => Promise<ChatMessage>;
  stored: (matchId: number, message: ChatMessage) => void;
};

/** As the taps: tried again soon while the server cannot be reached, then less often. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * Sends my waiting messages one at a time, oldest first, each with its key (a repeat is stored once). A
 * refusal marks that message, never to be sent again, and the next goes; no answer stops here until the
 * next try. Says whether some are left, how many were stored and why any were refused.
 */
export async function sendWaiting(chat: ChatSending, userId: number, stopped: () => boolean) {
  let sent = 0;
  const refusals: string[] = [];
  for (const message of waitingMessagesOf(userId)) {
    if (stopped() || !onlineManager.isOnline()) return { left: true, sent, refusals };
    try {
      const { key, matchId, content } = message;
      // In the same render: the bubble 'Verrà inviato' gives way to the message itself.
      chat.stored(matchId, await chat.send({ matchId, content, key }));
      await settleMessage(message);
      sent += 1;
    } catch (error) {
      if (staysInOutbox(error)) return { left: true, sent, refusals };
      const reason = sendFailureText(error);
      await refuseMessage(message, reason);
      refusals.push(reason);
    }
  }
  return { left: false, sent, refusals };
}

/**
 * Keeps the chat outbox flowing for the logged-in collector, whatever screen is open: what an earlier
 * visit left goes when the app opens, a new message at once, everything when the connection returns.
 * Whoever leaves (logs out, or another profile takes the phone) takes their refused messages along;
 * their waiting ones were sent or discarded at 'Esci', or wait for their next login.
 */
export function useChatOutboxSync(userId: number | undefined) {
  const utils = trpc.useUtils();
  const last = useRef(userId);
  useEffect(() => {
    const left = last.current;
    last.current = userId;
    if (left !== undefined && left !== userId) void dropMessagesOf(left, { refusedOnly: true });
  }, [userId]);
  useEffect(() => {
    if (userId === undefined) return;
    const chat: ChatSending = {
      send: (input) => utils.client.chat.send.mutate(input),
      stored: (matchId, message) =>
        utils.chat.messages.setData({ matchId }, (old) => old && mergeMessages(old, [message])),
    };
    return startBackgroundSender({
      load: loadChatOutbox,
      send: async (stopped) => {
        const { left, sent, refusals } = await sendWaiting(chat, userId, stopped);
        const [refusal] = refusals;
        if (refusal) toastError(refusal, 'Messaggio non inviato');
        // Home shows the time of each chat's latest message.
        if (sent > 0) void utils.matches.list.invalidate();
        return left;
      },
      subscribe: (changed) =>
        subscribeChatOutbox(() => {
          if (waitingMessagesOf(userId).length > 0) changed();
        }),
      retryFirstMs: RETRY_FIRST_MS,
      retryMaxMs: RETRY_MAX_MS,
    });
  }, [utils, userId]);
}
