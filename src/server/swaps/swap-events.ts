import type { EntityManager } from '@mikro-orm/postgresql';
import { SWAP_CHANNEL, type SwapNotification } from '../chat/message-bus.ts';

/**
 * Word of a swap proposed or changed to both participants' inbox streams (chat.onInbox), on every app
 * server: badges and open chats refresh at once. Sent in the caller's transaction, so it is delivered
 * when (and only if) the change commits.
 */
export async function publishSwapEvent(em: EntityManager, swapId: number, userIds: number[]) {
  const payload: SwapNotification = { swapId, userIds };
  await em.execute('select pg_notify(?, ?)', [SWAP_CHANNEL, JSON.stringify(payload)]);
}
