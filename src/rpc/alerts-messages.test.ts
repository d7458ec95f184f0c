import { expect, test } from 'vitest';
import {
  deliveriesSettled,
  pushesTagged,
  rescheduleJob,
  shown,
  subscribeDevice,
} from '../../test/support/alert-fixtures.ts';
import { apiClient } from '../../test/support/api-client.ts';
import { matchedPair } from '../../test/support/collectors.ts';
import { sql } from '../../test/support/sql.ts';
import { openSse } from '../../test/support/sse.ts';
import { swapHelpers } from '../../test/support/swaps.ts';
import type { TestServer } from '../../test/support/test-server.ts';
import { setUpTwoServersWithPush } from '../../test/support/two-servers-with-push.ts';

// Two app servers on one database: a chat open on one of them silences the alerts queued by the other.
const { push, first, second, album } = setUpTwoServersWithPush({ stickers: 20 });

const { propose, act, pair } = swapHelpers(first, () => album);

/** Two collectors with a chat (made on the first server), the reader's phone subscribed. */
async function chattingPair() {
  const { anna, bruno, matchId } = await matchedPair(first);
  const brunoPhone = await subscribeDevice(push, bruno);
  const say = async (content: string, on: TestServer = first) => {
    const client = apiClient(on.url);
    client.cookie = anna.api.cookie;
    const sent = await client.post(`/api/matches/${matchId}/messages`, { content });
    expect(sent.status).toBe(200);
  };
  return { anna, bruno, matchId, brunoPhone, say, gathering: `message:${bruno.id}:${matchId}` };
}

/** Bruno's open chat streams, as every server records them. */
const openChats = async (userId: number) =>
  (
    await sql<{ count: number }>(
      first.databaseUrl,
      'select count(*)::int as count from open_chat where user_id = $1',
      [userId],
    )
  )[0]?.count;

test('no push while the reader has the chat open on the other server; one once it is closed', async () => {
  const { bruno, matchId, brunoPhone, say } = await chattingPair();
  const input = encodeURIComponent(JSON.stringify({ matchId }));
  const stream = await openSse(
    `${second.url}/trpc/chat.onMessage?input=${input}`,
    bruno.api.cookie as string,
  );
  await stream.next((data) => (data as { type?: string }).type === 'ready');

  await say('Ci sei?');
  await stream.next((data) => (data as { message?: { content?: string } }).message?.content === 'Ci sei?');
  await deliveriesSettled(first.databaseUrl);
  expect(pushesTagged(push, brunoPhone, `chat-${matchId}`)).toEqual([]);

  stream.close();
  const deadline = Date.now() + 5000;
  while ((await openChats(bruno.id)) !== 0) {
    if (Date.now() > deadline) throw new Error('the closed stream is still recorded as open');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await say('Allora ti scrivo qui');
  const [told] = await push.waitForMessages(brunoPhone);
  expect(shown(told)).toMatchObject({
    body: 'Allora ti scrivo qui',
    url: `/chat/${matchId}`,
    tag: `chat-${matchId}`,
  });
  await deliveriesSettled(first.databaseUrl);
  expect(pushesTagged(push, brunoPhone, `chat-${matchId}`)).toHaveLength(1);
});

test('a message whose reader blocks the sender before its alert goes out is never pushed', async () => {
  const { anna, brunoPhone, bruno, matchId, say, gathering } = await chattingPair();
  await say('Ultimo messaggio');
  // The alert waits for the burst to end; keep it waiting while Bruno blocks Anna, then let it run.
  expect(await rescheduleJob(first.databaseUrl, gathering, new Date(Date.now() + 3600_000))).toBe(true);
  expect((await bruno.api.post(`/api/users/${anna.id}/block`)).status).toBe(200);
  expect(await rescheduleJob(first.databaseUrl, gathering, 'now')).toBe(true);
  await deliveriesSettled(first.databaseUrl);
  expect(pushesTagged(push, brunoPhone, `chat-${matchId}`)).toEqual([]);
});

test('several messages in a row, through both servers, make one notification with their count', async () => {
  const { anna, matchId, brunoPhone, say } = await chattingPair();
  await say('Ciao!', first);
  await say('Ho la 11', second);
  await say('Domani in edicola?', first);
  const [told] = await push.waitForMessages(brunoPhone);
  expect(shown(told)).toMatchObject({
    title: `${anna.nickname}: 3 nuovi messaggi`,
    body: 'Domani in edicola?',
    tag: `chat-${matchId}`,
    badge: 3,
  });
  await deliveriesSettled(first.databaseUrl);
  expect(push.messagesFor(brunoPhone)).toHaveLength(1);
});

test('a swap called off with a reason writes it in the chat, and alerts once: not as a message too', async () => {
  const { anna, bruno } = await pair();
  const brunoPhone = await subscribeDevice(push, bruno);
  const swapId = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  // Bruno accepts once told, as a collector does: an alert whose job runs after the accept says nothing
  // stale (composeAlerts), and on a loaded machine the job ran late and the proposal was never pushed.
  await push.waitForMessages(
    (message) =>
      message.subscriptionEndpoint === brunoPhone && shown(message).title === 'Nuova proposta di scambio',
  );
  expect((await act(bruno, swapId, 'accept')).status).toBe(200);
  const reason = 'Le ho trovate in edicola';
  expect((await anna.api.post(`/api/swaps/${swapId}/cancel`, { reason })).status).toBe(200);
  await push.waitForMessages(
    (message) => message.subscriptionEndpoint === brunoPhone && shown(message).title === 'Scambio annullato',
  );
  await deliveriesSettled(first.databaseUrl);
  expect(push.messagesFor(brunoPhone).map((message) => shown(message).title)).toEqual([
    'Nuova proposta di scambio',
    'Scambio annullato',
  ]);
  const [note] = await sql<{ content: string }>(
    first.databaseUrl,
    'select content from message where sender_id = $1 order by id desc limit 1',
    [anna.id],
  );
  expect(note?.content).toBe(`Ho annullato lo scambio: ${reason}`);
});
