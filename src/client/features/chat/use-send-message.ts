import { onlineManager } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { isNetworkFailure } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { toastError } from '../../shared/ui/toast.ts';
import type { ChatMessage } from './chat-message.ts';
import { CHAT_OUTBOX_FULL_TEXT, queueMessage, waitingMessagesOf } from './chat-outbox.ts';
import { sendFailureText } from './send-failure-text.ts';

/**
 * No answer came at all (fetch itself failed): the request never left, or its answer was lost on the way.
 * Any answer, even a proxy's error page, is a failure the collector hears of at once, the text kept.
 */
const unanswered = (error: unknown) =>
  isNetworkFailure(error) || (error instanceof TRPCClientError && error.cause instanceof TypeError);

/**
 * Sends a message; the reply goes straight into the chat (the stream brings it again: merged). `send`
 * resolves whether it was stored or kept to send, so the input keeps the text of a refused one for another
 * try, with the server's reason in a toast. With no connection, or no answer, or behind messages still
 * waiting, it goes to the chat outbox (issue 48, row 4): kept on the device and sent, once, when the
 * connection returns, on any screen.
 */
export function useSendMessage(
  userId: number,
  matchId: number,
  add: (messages: readonly ChatMessage[]) => void,
) {
  const utils = trpc.useUtils();
  const [sending, setSending] = useState(false);

  const queue = async (key: string, content: string) => {
    const kept = await queueMessage({ key, userId, matchId, content });
    if (!kept) toastError(CHAT_OUTBOX_FULL_TEXT, 'Messaggio non inviato');
    return kept;
  };

  const send = async (content: string) => {
    // The same key for the outbox if this try gets no answer: the server may have stored it already.
    const key = crypto.randomUUID();
    if (!onlineManager.isOnline() || waitingMessagesOf(userId).length > 0) return queue(key, content);
    setSending(true);
    try {
      add([await utils.client.chat.send.mutate({ matchId, content, key })]);
      // Home shows the time of the latest message.
      void utils.matches.list.invalidate();
      return true;
    } catch (error) {
      if (unanswered(error)) return queue(key, content);
      toastError(sendFailureText(error));
      return false;
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}
