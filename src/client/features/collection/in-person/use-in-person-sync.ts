import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { displayNumber } from '../../../shared/format/sticker-number.ts';
import { startBackgroundSender } from '../../../shared/outbox/background-sender.ts';
import { staysInOutbox } from '../../../shared/outbox/stays-in-outbox.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import {
  forgetSettledInPersonSwapsOf,
  type InPersonSwap,
  inPersonSwapsSnapshot,
  keepInPersonSwap,
  loadInPersonSwaps,
  subscribeInPersonSwaps,
} from './in-person-swaps.ts';

type Utils = ReturnType<typeof trpc.useUtils>;

const RETRY_MS = 15_000;

/** What a collector reads when a sticker they gave at the table was promised online meanwhile. */
export function conflictText(conflicts: InPersonSwap['sync'] & { state: 'recorded' }): string {
  return conflicts.conflicts
    .map(
      (conflict) =>
        `La figurina ${displayNumber(conflict.number)} che hai dato dal vivo era promessa a ${conflict.otherNickname} in uno scambio accettato: parlane con ${conflict.otherNickname} in chat o annulla quello scambio.`,
    )
    .join(' ');
}

/** Records one swap; false when the connection did not carry it (it stays waiting). */
async function record(utils: Utils, swap: InPersonSwap): Promise<boolean> {
  try {
    const answer = await utils.client.swaps.recordInPerson.mutate({
      key: swap.key,
      albumId: swap.albumId,
      otherNickname: swap.otherNickname,
      role: swap.role,
      at: swap.at,
      gives: swap.gives.map((sticker) => sticker.stickerId),
      receives: swap.receives.map((sticker) => sticker.stickerId),
    });
    const sync = { state: 'recorded' as const, swapId: answer.swapId, conflicts: answer.conflicts };
    await keepInPersonSwap({ ...swap, sync });
    if (sync.conflicts.length > 0) showToast('red', 'Scambio dal vivo registrato', conflictText(sync));
    return true;
  } catch (error) {
    if (staysInOutbox(error)) return false;
    const message = errorMessage(error, 'Lo scambio dal vivo non è stato registrato');
    await keepInPersonSwap({ ...swap, sync: { state: 'refused', message } });
    showToast('red', 'Scambio dal vivo non registrato', message);
    return true;
  }
}

/**
 * Records my in-person swaps on the server once the connection allows (issue 34): at the start, after
 * each new one, when the connection returns, and every so often while some are left. The server keeps
 * one swap per key however often, and from however many phones, it is sent.
 */
export function useInPersonSync(userId: number | undefined) {
  const utils = trpc.useUtils();
  // A collector who leaves (logs out, or another logs in) takes their recorded table swaps off the device.
  const last = useRef(userId);
  useEffect(() => {
    const left = last.current;
    last.current = userId;
    if (left !== undefined && left !== userId) void forgetSettledInPersonSwapsOf(left);
  }, [userId]);
  useEffect(() => {
    if (userId === undefined) return;
    const waiting = () =>
      inPersonSwapsSnapshot().filter((swap) => swap.userId === userId && swap.sync.state === 'waiting');
    /** Records the waiting swaps in turn; true when some are left (no answer, or stopped). */
    const send = async (stopped: () => boolean) => {
      let answered = 0;
      let left = false;
      for (const swap of waiting()) {
        if (stopped() || !onlineManager.isOnline() || !(await record(utils, swap))) {
          left = true;
          break;
        }
        answered += 1;
      }
      // Scambi shows them now.
      if (answered > 0) void utils.swaps.invalidate();
      return left;
    };
    return startBackgroundSender({
      load: loadInPersonSwaps,
      send,
      subscribe: (changed) =>
        subscribeInPersonSwaps(() => {
          if (waiting().length > 0) changed();
        }),
      retryFirstMs: RETRY_MS,
      retryMaxMs: RETRY_MS,
    });
  }, [utils, userId]);
}
