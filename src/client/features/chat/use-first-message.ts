import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../shared/api/trpc.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { askMessage, firstMessage } from './first-message.ts';

/**
 * The ready-made first message of a new chat (no message and no swap yet): the exchanges possible now in
 * my chosen album. Undefined while unknown, or when the chat is not new.
 */
export function useFirstMessage(
  other: { id: number; nickname: string } | undefined,
  isNew: boolean,
  /** A sticker to ask for ('Chiedi in chat' in 'Le mie ultime'): the question instead of the swaps. */
  ask?: string,
) {
  const { user } = useCurrentUser();
  const albumId = user?.albumSelezionato ?? null;
  const options = trpc.swaps.options.useQuery(
    other && isNew && albumId !== null && ask === undefined ? { userId: other.id, albumId } : skipToken,
  );
  if (other && isNew && ask !== undefined) return askMessage(other.nickname, ask);
  if (!other || !isNew || !options.data) return undefined;
  return firstMessage(other.nickname, options.data.give, options.data.receive);
}
