import { tracked } from '@trpc/server';
import { inboxStream } from '../server/chat/inbox-stream.ts';
import { messageStream } from '../server/chat/message-stream.ts';
import {
  findSentMessage,
  limitMessages,
  listMessages,
  markRead,
  sendMessage,
} from '../server/chat/messages.ts';
import { touchLastSeen } from '../server/users/presence.ts';
import {
  CHAT_PHRASES,
  chatMessageOutput,
  chatMessagesOutput,
  chatPhrasesOutput,
  markReadInput,
  messagesInput,
  onMessageInput,
  sendMessageInput,
} from './schemas/chat.ts';
import { okOutput } from './schemas/ok-output.ts';
import { authedProcedure, router } from './trpc.ts';

export const chatRouter = router({
  messages: authedProcedure
    .input(messagesInput)
    .output(chatMessagesOutput)
    .query(async ({ ctx, input }) => {
      const messages = await listMessages(ctx.em, input.matchId, ctx.auth.user.id, input.after);
      await touchLastSeen(ctx.em, ctx.auth.user.id);
      return messages;
    }),

  send: authedProcedure
    .input(sendMessageInput)
    .output(chatMessageOutput)
    .mutation(async ({ ctx, input }) => {
      const meId = ctx.auth.user.id;
      // A repeat of a send whose answer was lost: the message stored then, once (docs/decisions/055).
      const stored = input.key && (await findSentMessage(ctx.em, input.matchId, meId, input.key));
      if (stored) return stored;
      await limitMessages(ctx.services.rateLimits.messages, meId);
      const message = await sendMessage(ctx.em, input.matchId, meId, input.content, { key: input.key });
      await touchLastSeen(ctx.em, meId);
      return message;
    }),

  /** What an adult and a minor may write each other (issue 45, row 4). */
  phrases: authedProcedure.output(chatPhrasesOutput).query(() => [...CHAT_PHRASES]),

  markRead: authedProcedure
    .input(markReadInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => markRead(ctx.em, input.matchId, ctx.auth.user.id, input.upToId)),

  /** New messages of a match as they arrive (SSE); each carries its id, so a reconnect resumes after it. */
  onMessage: authedProcedure.input(onMessageInput).subscription(async function* ({ ctx, input, signal }) {
    const stream = messageStream(ctx.em, ctx.services.chatSubscriptions, {
      matchId: input.matchId,
      meId: ctx.auth.user.id,
      sessionId: ctx.auth.sessionId,
      lastEventId: input.lastEventId,
      signal,
    });
    for await (const event of stream) {
      yield event.type === 'message' ? tracked(String(event.message.id), event) : event;
    }
  }),

  /** Word of each new message in any of my matches (SSE), for the unread badges wherever the app is open. */
  onInbox: authedProcedure.subscription(async function* ({ ctx, signal }) {
    yield* inboxStream(ctx.em, ctx.services.chatSubscriptions, {
      meId: ctx.auth.user.id,
      sessionId: ctx.auth.sessionId,
      signal,
    });
  }),
});
