import { TRPCClientError } from '@trpc/client';
import { expect, test } from 'vitest';
import type { ChatMessage } from './chat-message.ts';
import { CHAT_OUTBOX_MAX, chatOutboxSnapshot, discardMessage, queueMessage } from './chat-outbox.ts';
import { type ChatSending, sendWaiting } from './use-chat-outbox-sync.ts';

// The chat outbox with no IndexedDB (this runner has none): its in-memory mirror, the rules the same.

/** An error as the client gets it from the API's error response. */
const apiError = (httpStatus: number, message: string) =>
  TRPCClientError.from({ error: { code: -32000, message, data: { httpStatus } } });
const noAnswer = () => TRPCClientError.from(new TypeError('Failed to fetch'));

let nextUser = 1000;
const mine = (userId: number) => chatOutboxSnapshot().filter((message) => message.userId === userId);

/** A server that answers each send with the next of `answers` (a message's words, or an error). */
function serverAnswering(answers: (string | Error)[]) {
  const calls: { matchId: number; content: string; key: string }[] = [];
  const stored: ChatMessage[] = [];
  const chat: ChatSending = {
    send: (input) => {
      calls.push(input);
      const answer = answers.shift();
      if (answer instanceof Error) return Promise.reject(answer);
      const message = {
        id: calls.length,
        senderId: 1,
        sender: { nickname: 'anna' },
        content: input.content,
        createdAt: new Date().toISOString(),
      };
      return Promise.resolve(message);
    },
    stored: (_matchId, message) => stored.push(message),
  };
  return { chat, calls, stored };
}

test('waiting messages go in the order written, each with its own key; no answer keeps the rest for later', async () => {
  const userId = nextUser++;
  for (const content of ['uno', 'due', 'tre']) {
    expect(await queueMessage({ key: crypto.randomUUID(), userId, matchId: 7, content })).toBe(true);
  }
  const keys = mine(userId).map((message) => message.key);
  const server = serverAnswering(['uno', noAnswer()]);
  expect(await sendWaiting(server.chat, userId, () => false)).toEqual({ left: true, sent: 1, refusals: [] });
  expect(mine(userId).map((message) => message.content)).toEqual(['due', 'tre']);

  // The next try sends 'due' again with the same key: the server stores it once.
  const again = serverAnswering(['due', 'tre']);
  expect(await sendWaiting(again.chat, userId, () => false)).toEqual({ left: false, sent: 2, refusals: [] });
  expect([...server.calls, ...again.calls].map((call) => call.key)).toEqual([
    keys[0],
    keys[1],
    keys[1],
    keys[2],
  ]);
  expect(again.stored.map((message) => message.content)).toEqual(['due', 'tre']);
  expect(mine(userId)).toEqual([]);
});

test("a refusal keeps the message, marked with the server's reason, never sent again until discarded", async () => {
  const userId = nextUser++;
  await queueMessage({ key: crypto.randomUUID(), userId, matchId: 7, content: 'bloccato' });
  await queueMessage({ key: crypto.randomUUID(), userId, matchId: 8, content: 'altra chat' });
  const reason = 'Non puoi più scrivere a questo utente';
  const server = serverAnswering([apiError(403, reason), 'altra chat']);
  expect(await sendWaiting(server.chat, userId, () => false)).toEqual({
    left: false,
    sent: 1,
    refusals: [reason],
  });
  const [refused] = mine(userId);
  expect(refused).toMatchObject({ content: 'bloccato', refused: reason });

  const later = serverAnswering([]);
  expect(await sendWaiting(later.chat, userId, () => false)).toEqual({ left: false, sent: 0, refusals: [] });
  expect(later.calls).toEqual([]);
  if (refused) await discardMessage(refused);
  expect(mine(userId)).toEqual([]);
});

test('too many messages or a server error wait for a later try', async () => {
  const userId = nextUser++;
  await queueMessage({ key: crypto.randomUUID(), userId, matchId: 7, content: 'ciao' });
  for (const error of [
    apiError(429, 'Stai inviando troppi messaggi: riprova tra 12 secondi'),
    apiError(500, 'Errore'),
  ]) {
    const server = serverAnswering([error]);
    expect(await sendWaiting(server.chat, userId, () => false)).toEqual({
      left: true,
      sent: 0,
      refusals: [],
    });
    expect(mine(userId)).toMatchObject([{ content: 'ciao' }]);
    expect(mine(userId)[0]?.refused).toBeUndefined();
  }
});

test(`a collector keeps at most ${CHAT_OUTBOX_MAX} messages on the device`, async () => {
  const userId = nextUser++;
  for (let written = 0; written < CHAT_OUTBOX_MAX; written++) {
    expect(
      await queueMessage({ key: crypto.randomUUID(), userId, matchId: 7, content: `n. ${written}` }),
    ).toBe(true);
  }
  expect(await queueMessage({ key: crypto.randomUUID(), userId, matchId: 7, content: 'uno di troppo' })).toBe(
    false,
  );
  expect(mine(userId)).toHaveLength(CHAT_OUTBOX_MAX);
  // Another collector on the same phone has room of their own.
  expect(
    await queueMessage({ key: crypto.randomUUID(), userId: nextUser++, matchId: 7, content: 'ciao' }),
  ).toBe(true);
});
