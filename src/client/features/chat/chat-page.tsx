import { useParams, useSearch } from '@tanstack/react-router';
import { matchIdSchema } from '../../../rpc/schemas/matches.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { ChatNotFound } from './chat-not-found.tsx';
import { ChatScreen } from './chat-screen.tsx';

/** /chat/{matchId}: the chat of one of my matches; `?chiedi=` a sticker to ask for in a new one. */
export function ChatPage() {
  const { matchId } = useParams({ from: '/_authed/chat/$matchId' });
  const { chiedi } = useSearch({ from: '/_authed/chat/$matchId' });
  const { user } = useCurrentUser();
  const parsed = matchIdSchema.safeParse(matchId);
  if (!parsed.success) return <ChatNotFound />;
  // The access guard renders this page only for a known user.
  if (!user) return null;
  // A new match id is a new chat: nothing (scroll position, what was marked read) carries over.
  return <ChatScreen key={parsed.data} matchId={parsed.data} meId={user.id} ask={chiedi} />;
}
