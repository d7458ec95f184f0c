import type { EntityManager } from '@mikro-orm/postgresql';

/** One mail: every mail has a plain-text part; `html` is optional. */
export type Mail = { to: string; subject: string; text: string; html?: string };

/**
 * Queues `mail` in the caller's transaction (`em`): it is sent once that commits, exactly once, by
 * whichever instance's worker takes it; a crash never loses it. (To be built: issue 32's mail queue.)
 */
export async function enqueueMail(_em: EntityManager, _mail: Mail): Promise<void> {
  throw new Error('the mail queue is not built yet');
}
