import { onlineManager } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef } from 'react';
import { errorMessage, httpStatus } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import {
  forgetSentCheckInsOf,
  keepCheckIn,
  loadCheckIns,
  subscribeCheckIns,
  waitingCheckIns,
} from './check-in-outbox.ts';

const RETRY_MS = 15_000;
const RETRY_MAX_MS = 5 * 60_000;

/** The server's own refusal of that check-in (a wrong code, a time outside the meet, cancelled: 412 over tRPC). */
const REFUSALS = new Set([400, 403, 404, 409, 412]);
function isRefusal(error: unknown) {
  if (!(error instanceof TRPCClientError) || error.shape === undefined) return false;
  const status = httpStatus(error);
  return status !== undefined && REFUSALS.has(status);
}

/**
 * Sends my check-ins made with no signal (issue 46, row 5) once the connection allows: at the start, after
 * a new one, when the connection returns, and while some wait from RETRY_MS on, twice as long each time. The server keeps the first
 * scan's time however often it is sent.
 */
export function useCheckInSync(userId: number | undefined) {
  const utils = trpc.useUtils();
  const last = useRef(userId);
  useEffect(() => {
    const left = last.current;
    last.current = userId;
    if (left !== undefined && left !== userId) void forgetSentCheckInsOf(left);
  }, [userId]);
  useEffect(() => {
    if (userId === undefined) return;
    let sending = false;
    let stopped = false;
    let delay = RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Sends the waiting check-ins in turn; true when some are left (no answer, or a server error). */
    const sendAll = async () => {
      await loadCheckIns();
      for (const checkIn of waitingCheckIns(userId)) {
        if (stopped || !onlineManager.isOnline()) return true;
        try {
          const answer = await utils.client.raduni.checkIn.mutate({
            id: checkIn.radunoId,
            token: checkIn.token,
            at: checkIn.at,
          });
          utils.raduni.get.setData({ id: checkIn.radunoId }, answer);
          await keepCheckIn({ ...checkIn, sync: { state: 'sent' } });
        } catch (error) {
          if (!isRefusal(error)) return true;
          const message = errorMessage(error, 'Il check-in non è stato registrato');
          await keepCheckIn({ ...checkIn, sync: { state: 'refused', message } });
        }
      }
      return false;
    };
    const send = async () => {
      if (sending || stopped) return;
      sending = true;
      clearTimeout(timer);
      try {
        const left = await sendAll();
        // Tried again later, less and less often while the server keeps failing.
        delay = left ? Math.min(delay * 2, RETRY_MAX_MS) : RETRY_MS;
        if (left && !stopped) timer = setTimeout(() => void send(), delay);
      } finally {
        sending = false;
      }
    };
    void send();
    const unsubscribeOnline = onlineManager.subscribe((online) => online && void send());
    const unsubscribeNew = subscribeCheckIns(() => {
      if (waitingCheckIns(userId).length > 0) void send();
    });
    return () => {
      stopped = true;
      unsubscribeOnline();
      unsubscribeNew();
      clearTimeout(timer);
    };
  }, [utils, userId]);
}
