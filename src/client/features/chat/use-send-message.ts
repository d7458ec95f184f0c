import { trpc } from '../../shared/api/trpc.ts';
import type { ChatMessage } from './chat-message.ts';
import { sendFailureText } from './send-failure-text.ts';

/**
 * Sends a message; the reply goes straight into the chat (the stream brings it again: merged). `send`
 * resolves whether it was stored, so the input keeps the text of a failed one for another try. Offline it
 * waits (`waiting`) and goes when the connection returns, while this chat is open.
 */
export function useSendMessage(matchId: number, add: (messages: readonly ChatMessage[]) => void) {
  const utils = trpc.useUtils();
  const mutation = trpc.chat.send.useMutation({
    onSuccess: (message) => {
      add([message]);
      // Home shows the time of the latest message.
      void utils.matches.list.invalidate();
    },
    meta: { errorText: sendFailureText },
  });
  const send = (content: string) =>
    mutation.mutateAsync({ matchId, content }).then(
      () => true,
      () => false,
    );
  // Offline, React Query holds the message and sends it when the connection returns (issue 48, row 4).
  return { send, sending: mutation.isPending, waiting: mutation.isPaused };
}
