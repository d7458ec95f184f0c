import { expect, test } from 'vitest';
import { type ChatMessage, mergeMessages, newestId } from './chat-message.ts';

const message = (id: number): ChatMessage => ({
  id,
  senderId: 1,
  sender: { nickname: 'ANNA' },
  content: `messaggio ${id}`,
  createdAt: new Date(2026, 2, 3, 14, id).toISOString(),
});

test('merging keeps each message once, oldest first, whatever order they arrive in', () => {
  const merged = mergeMessages([message(1), message(3)], [message(4), message(2), message(3)]);
  expect(merged.map((item) => item.id)).toEqual([1, 2, 3, 4]);
});

test('merging nothing new returns the very same list, so the screen does not re-render', () => {
  const current = [message(1), message(2)];
  expect(mergeMessages(current, [message(2)])).toBe(current);
  expect(mergeMessages(current, [])).toBe(current);
});

test('merging into no list yet starts one', () => {
  expect(mergeMessages(undefined, [message(5)]).map((item) => item.id)).toEqual([5]);
});

test('the newest id is that of the last message, or 0 for an empty chat', () => {
  expect(newestId([message(1), message(7)])).toBe(7);
  expect(newestId([])).toBe(0);
});
