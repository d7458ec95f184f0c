import type { EntityManager } from '@mikro-orm/postgresql';
import { SWAP_EVENT_CHANNEL, swapEventPayload } from '../db-events/swap-event-channel.ts';

/**
 * Word of a swap proposed or changed to both participants' inbox streams (chat.onInbox), on every app
 * server: badges and open chats refresh at once. Sent in the caller's transaction, so it is delivered
 * when (and only if) the change commits.
 */
export async function publishSwapEvent(em: EntityManager, swapId: number, userIds: number[]) {
  await em.execute('select pg_notify(?, ?)', [SWAP_EVENT_CHANNEL, swapEventPayload({ swapId, userIds })]);
}
