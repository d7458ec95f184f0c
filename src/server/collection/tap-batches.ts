import type pg from 'pg';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { TAP_TIME_PAST_MAX_DAYS } from './collection-store.ts';

/** One tap as the database writes it: `tap_sticker`'s arguments (docs/decisions/017). */
export type Tap = {
  sessionId: string;
  userId: number;
  stickerId: number;
  status: StickerStatus;
  spares: number | null;
  /** Epoch milliseconds, when the device says the tap was made. */
  tappedAt: number | null;
};

/** `tap_sticker`'s answer: `live` false when the session is not, `status` null when no such sticker. */
export type TapOutcome = {
  live: boolean;
  status: StickerStatus | null;
  spares: number | null;
  album_to_select: number | null;
  /** Epoch milliseconds. */
  last_access: number | null;
};

export type TapBatches = {
  /** Resolves once the tap is committed (or found not to be made), with its answer. */
  write: (tap: Tap) => Promise<TapOutcome>;
  /** Waits for the batches on their way; further writes are refused. */
  close: () => Promise<void>;
};

/** Transactions of taps at once, each on its own connection of the pool it is given (two measured best). */
export const TAP_BATCHES_IN_FLIGHT = 2;
/** Taps in one transaction at most: one round trip of about 20 KB of arguments. */
export const TAP_BATCH_MAX = 200;

const WRITE_BATCH = `select tap, live, status, spares, album_to_select,
                            extract(epoch from last_access)::float8 * 1000 as last_access
                       from tap_stickers($1, $2, $3, $4, $5, $6, $7, $8)`;

type Waiting = { tap: Tap; resolve: (outcome: TapOutcome) => void; reject: (error: unknown) => void };

/**
 * Group commit for sticker taps (docs/decisions/019). A tap that finds fewer than TAP_BATCHES_IN_FLIGHT
 * transactions on their way goes out at once, alone: a quiet server answers as soon as one transaction
 * allows. Taps that come while they are all busy wait for the first to end and then go out together, in
 * one call of `tap_stickers` (one transaction, one commit, one NOTIFY turn). No timer: a batch is simply
 * what arrived during the last one. A batch that fails is written again tap by tap, each in its own
 * transaction, so one tap's failure is never another's: nothing of the failed batch was written.
 * `observeBatch` hears each batch's size (the metrics' histogram, docs/decisions/027).
 */
export function startTapBatches(pool: pg.Pool, observeBatch: (taps: number) => void = () => {}): TapBatches {
  const waiting: Waiting[] = [];
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  async function call(batch: Waiting[]) {
    const taps = batch.map((entry) => entry.tap);
    // Unnamed: a named prepared statement lives on one server connection, which PgBouncer in transaction
    // mode does not keep for us (docs/decisions/029).
    const { rows } = await pool.query<TapOutcome & { tap: number }>({
      text: WRITE_BATCH,
      values: [
        taps.map((tap) => tap.sessionId),
        taps.map((tap) => tap.userId),
        new Date(),
        taps.map((tap) => tap.stickerId),
        taps.map((tap) => tap.status),
        taps.map((tap) => tap.spares),
        taps.map((tap) => tap.tappedAt),
        TAP_TIME_PAST_MAX_DAYS,
      ],
    });
    return rows;
  }

  async function write(batch: Waiting[]) {
    observeBatch(batch.length);
    try {
      const answers = new Map((await call(batch)).map(({ tap, ...outcome }) => [tap, outcome]));
      batch.forEach((entry, index) => {
        const outcome = answers.get(index + 1);
        if (outcome) entry.resolve(outcome);
        else entry.reject(new Error('tap_stickers left a tap unanswered'));
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(
        batch.map(async (entry) => {
          try {
            const [row] = await call([entry]);
            if (!row) throw new Error('tap_stickers left a tap unanswered');
            const { tap: _tap, ...outcome } = row;
            entry.resolve(outcome);
          } catch (single) {
            entry.reject(single);
          }
        }),
      );
    }
  }

  function pump() {
    while (inFlight.size < TAP_BATCHES_IN_FLIGHT && waiting.length > 0) {
      const going = write(waiting.splice(0, TAP_BATCH_MAX)).finally(() => {
        inFlight.delete(going);
        pump();
      });
      inFlight.add(going);
    }
  }

  return {
    write(tap) {
      if (closed) return Promise.reject(new Error('tap batches closed'));
      return new Promise<TapOutcome>((resolve, reject) => {
        waiting.push({ tap, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
