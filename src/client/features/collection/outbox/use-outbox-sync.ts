import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BULK_MAX } from '../../../../rpc/schemas/collection-limits.ts';
import { TRPC_BATCH_MAX } from '../../../../rpc/schemas/trpc-batch.ts';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { startBackgroundSender } from '../../../shared/outbox/background-sender.ts';
import { staysInOutbox } from '../../../shared/outbox/stays-in-outbox.ts';
import { toastError } from '../../../shared/ui/toast.ts';
import { type Caches, takeAnswers } from './answers-in-cache.ts';
import { loadOutbox, outboxSnapshot, type QueuedTap, settleTap, subscribeOutbox } from './tap-outbox.ts';

/** Calls sent together: one batched request (tRPC's batch link) per this many, the most it may carry. */
const SEND_BATCH = TRPC_BATCH_MAX;
/**
 * When taps are left unsent while the device says it is online (the server unreachable, a flaky
 * link), the next try comes after this, doubling up to RETRY_MAX_MS; any success starts again.
 */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

type Outcome = { kind: 'saved' } | { kind: 'unsent' } | { kind: 'refused'; error: unknown; albumId: number };

/** One call for taps made together (fast entry: same album, status and time), else one each. */
async function send(caches: Caches, taps: readonly QueuedTap[]): Promise<Outcome> {
  const { utils } = caches;
  const [first] = taps;
  if (!first) return { kind: 'saved' };
  try {
    if (taps.length === 1) {
      const mark = await utils.client.collection.setStatus.mutate({
        stickerId: first.stickerId,
        status: first.status,
        ...(first.spares === undefined ? {} : { spares: first.spares }),
        tappedAt: first.tappedAt,
      });
      // The server's answer is the sticker's status now (a newer tap from another device may have won).
      takeAnswers(caches, first.albumId, [mark]);
    } else {
      // Stickers a later mark kept are not written: the answer says what they kept.
      const { marks } = await utils.client.collection.setStatusInBulk.mutate({
        albumId: first.albumId,
        stickerIds: taps.map((tap) => tap.stickerId),
        status: first.status,
        tappedAt: first.tappedAt,
      });
      takeAnswers(caches, first.albumId, marks);
    }
    await Promise.all(taps.map(settleTap));
    return { kind: 'saved' };
  } catch (error) {
    if (staysInOutbox(error)) return { kind: 'unsent' };
    await Promise.all(taps.map(settleTap));
    return { kind: 'refused', error, albumId: first.albumId };
  }
}

/**
 * Taps made together, in the order they were made: a fast entry's taps share album, status and time. A tap
 * that sets a double's spares goes alone (the bulk call sets statuses only).
 */
function groupsOf(taps: readonly QueuedTap[]): QueuedTap[][] {
  const groups = Map.groupBy(taps, (tap) =>
    tap.spares === undefined ? `${tap.albumId}:${tap.status}:${tap.tappedAt}` : `spares:${tap.stickerId}`,
  );
  return [...groups.values()].flatMap((group) => {
    const chunks: QueuedTap[][] = [];
    for (let start = 0; start < group.length; start += BULK_MAX)
      chunks.push(group.slice(start, start + BULK_MAX));
    return chunks;
  });
}

/**
 * Sends my queued taps, oldest first; stops at the first batch the connection did not carry. True when
 * taps are left unsent.
 */
async function sendQueued(caches: Caches, userId: number): Promise<boolean> {
  const queued = outboxSnapshot()
    .filter((tap) => tap.userId === userId)
    .toSorted((a, b) => a.tappedAt - b.tappedAt);
  if (queued.length === 0) return false;
  if (!onlineManager.isOnline()) return true;
  const refusedIn = new Set<number>();
  let refusal: { error: unknown } | undefined;
  let unsent = false;
  const groups = groupsOf(queued);
  for (let start = 0; start < groups.length && !unsent; start += SEND_BATCH) {
    const batch = groups.slice(start, start + SEND_BATCH);
    const outcomes = await Promise.all(batch.map((taps) => send(caches, taps)));
    for (const outcome of outcomes) if (outcome.kind === 'refused') refusedIn.add(outcome.albumId);
    refusal ??= outcomes.find((outcome) => outcome.kind === 'refused');
    unsent = outcomes.some((outcome) => outcome.kind === 'unsent');
  }
  if (refusal) toastError(errorMessage(refusal.error, "Errore nell'aggiornamento"));
  refreshAfterSending(caches, refusedIn);
  return unsent;
}

/**
 * The answers are in the cache already (takeAnswers). An album where a tap was refused (a sticker gone, an
 * album no longer allowed) is read again: the device's copy is behind the server's.
 */
function refreshAfterSending({ utils }: Caches, refusedIn: Set<number>) {
  for (const albumId of refusedIn) void utils.collection.list.invalidate({ albumId });
  // Marking a sticker selects the album for matching when none is chosen yet: only then can the session
  // change, and Home's album with it.
  if (utils.auth.session.getData()?.albumSelezionato == null) {
    void utils.auth.session.invalidate();
    void utils.collection.summary.invalidate();
  }
}

/**
 * Keeps the outbox flowing for the logged-in collector: what earlier visits left is sent when the app
 * opens, each new tap at once, and everything waiting when the connection returns. One send at a time;
 * taps made during a send go in the next.
 */
export function useOutboxSync(userId: number | undefined) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    return startBackgroundSender({
      load: loadOutbox,
      send: () => sendQueued({ utils, queryClient }, userId),
      subscribe: (changed) =>
        subscribeOutbox(() => {
          if (outboxSnapshot().some((tap) => tap.userId === userId)) changed();
        }),
      retryFirstMs: RETRY_FIRST_MS,
      retryMaxMs: RETRY_MAX_MS,
    });
  }, [utils, queryClient, userId]);
}
