import { skipToken } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trpc } from '../../shared/api/trpc.ts';
import type { ChatMessage } from './chat-message.ts';

type Handlers = {
  /** The server listens now: fetch what came before, so nothing falls in the gap. */
  onReady: () => void;
  onMessage: (message: ChatMessage) => void;
};

/**
 * The match's new messages as they are sent (SSE; the link reconnects and resumes by itself). Returns
 * whether the stream is live: connected AND its `ready` received, which is when polling can stop.
 */
export function useLiveMessages(matchId: number | null, { onReady, onMessage }: Handlers): boolean {
  const [ready, setReady] = useState(false);
  const subscription = trpc.chat.onMessage.useSubscription(matchId === null ? skipToken : { matchId }, {
    onData: (event) => {
      if ('type' in event) {
        setReady(true);
        onReady();
      } else onMessage(event.data.message);
    },
  });
  // tRPC says 'pending' for an open stream waiting for events; 'connecting' (also while it reconnects
  // after a drop), 'error' and 'idle' all mean no event will come.
  const connected = subscription.status === 'pending';
  useEffect(() => {
    if (!connected) setReady(false);
  }, [connected]);
  return connected && ready;
}
