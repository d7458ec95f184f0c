import { TRPCError, tracked } from '@trpc/server';
import { findLiveSession } from '../server/auth/sessions.ts';
import { listMessages, markRead, sendMessage } from '../server/chat/messages.ts';
import { PRESENCE_BEAT_MS, touchLastSeen } from '../server/chat/presence.ts';
import { findMyMatch } from '../server/matches/matches.ts';
import { markReadInput, messagesInput, onMessageInput, sendMessageInput } from './schemas/chat.ts';
import { authedProcedure, router } from './trpc.ts';

export const chatRouter = router({
  messages: authedProcedure.input(messagesInput).query(async ({ ctx, input }) => {
    const messages = await listMessages(ctx.em, input.matchId, ctx.auth.user.id, input.after);
    await touchLastSeen(ctx.em, ctx.auth.user.id);
    return messages;
  }),

  send: authedProcedure.input(sendMessageInput).mutation(async ({ ctx, input }) => {
    const wait = await ctx.services.rateLimits.messages.take(String(ctx.auth.user.id));
    if (wait !== undefined) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Stai inviando troppi messaggi: riprova tra ${wait} second${wait === 1 ? 'o' : 'i'}`,
      });
    }
    const message = await sendMessage(ctx.em, input.matchId, ctx.auth.user.id, input.content);
    await touchLastSeen(ctx.em, ctx.auth.user.id);
    return message;
  }),

  markRead: authedProcedure
    .input(markReadInput)
    .mutation(({ ctx, input }) => markRead(ctx.em, input.matchId, ctx.auth.user.id, input.upToId)),

  /**
   * New messages of a match as they arrive (SSE), from any app server. The first event, `ready`, says
   * the stream is listening: the client then fetches what it may have missed before, so nothing falls
   * in between. With `lastEventId` (a reconnect) the stream itself replays what came after it. While
   * open it keeps the user "online". It ends as soon as its session does (logout, password change,
   * deactivation: every server hears of it from the bus), and when the user opens a sixth stream on
   * this server (see stream-limits.ts).
   */
  onMessage: authedProcedure.input(onMessageInput).subscription(async function* ({ ctx, input, signal }) {
    const meId = ctx.auth.user.id;
    await findMyMatch(ctx.em, input.matchId, meId);
    // Ends the stream from inside too (its session is gone, or the stream is over).
    const ended = new AbortController();
    const live = ctx.services.messageBus.listen(
      { matchId: input.matchId, userId: meId },
      signal ? AbortSignal.any([signal, ended.signal]) : ended.signal,
    );
    const sessionIsLive = async () => Boolean(await findLiveSession(ctx.em.fork(), ctx.auth.sessionId, meId));
    let beat: NodeJS.Timeout | undefined;
    try {
      // A session that ended after this request was authenticated, but before the bus listened for it.
      if (!(await sessionIsLive())) return;
      yield { type: 'ready' as const };
      let lastId = Number(input.lastEventId ?? 0);
      if (input.lastEventId) {
        for (const message of await listMessages(ctx.em, input.matchId, meId, lastId)) {
          lastId = message.id;
          yield tracked(String(message.id), { type: 'message' as const, message });
        }
      }
      await touchLastSeen(ctx.em, meId);
      // Also a fallback for a session that simply expires.
      beat = setInterval(async () => {
        try {
          if (!(await sessionIsLive())) return ended.abort();
          await touchLastSeen(ctx.em.fork(), meId);
        } catch {
          // a missed beat only makes the user look offline a little sooner
        }
      }, PRESENCE_BEAT_MS);
      for await (const event of live) {
        // A session ended (or its notice may have been lost with the LISTEN connection): is it mine?
        if (event.type !== 'message' && !(await sessionIsLive())) return;
        if (event.type === 'session') continue;
        // After a lost LISTEN connection the table says what the notifications may not have.
        const messages =
          event.type === 'message'
            ? [event.message]
            : await listMessages(ctx.em.fork(), input.matchId, meId, lastId);
        for (const message of messages) {
          if (message.id <= lastId) continue;
          lastId = message.id;
          yield tracked(String(message.id), { type: 'message' as const, message });
        }
      }
    } finally {
      clearInterval(beat);
      ended.abort();
    }
  }),
});
