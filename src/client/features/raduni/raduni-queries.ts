import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { POOL_HOURS_BEFORE, POOL_KEPT_HOURS_AFTER, type RadunoView } from '../../../rpc/schemas/raduni.ts';
import { type RouterOutputs, trpc } from '../../shared/api/trpc.ts';
import { formatTime, formatWeekdayDateTime } from '../../shared/format/dates.ts';

export type Pool = RouterOutputs['raduni']['pool'];

const HOUR_MS = 3_600_000;

export const hasEnded = (raduno: Pick<RadunoView, 'end'>, now = Date.now()) =>
  new Date(raduno.end).getTime() <= now;

/** Whether the pool can be prepared now: from POOL_HOURS_BEFORE hours before the start to the end. */
export const poolOpen = (raduno: Pick<RadunoView, 'start' | 'end'>, now = Date.now()) =>
  now >= new Date(raduno.start).getTime() - POOL_HOURS_BEFORE * HOUR_MS && !hasEnded(raduno, now);

/** 'domenica 06/12/2026, 10:00–13:00' (another day's end in full). */
export function radunoWhen(raduno: Pick<RadunoView, 'start' | 'end'>): string {
  const start = new Date(raduno.start);
  const end = new Date(raduno.end);
  const sameDay = end.getTime() - start.getTime() < 24 * HOUR_MS && start.getDate() === end.getDate();
  return `${formatWeekdayDateTime(start)}–${sameDay ? formatTime(end) : formatWeekdayDateTime(end)}`;
}

export const RADUNO_KIND_LABELS: Record<RadunoView['kind'], string> = {
  apertura: 'Apertura settimanale',
  raduno: 'Raduno',
  evento: 'Grande evento',
};

/** The coming meets near me (kept on the device: /raduni opens offline with what was seen online). */
export const useRaduniNear = () => trpc.raduni.near.useQuery(undefined);

/**
 * My pool of a meet, as 'Preparati' downloaded it: kept on the device and never fetched by itself — the
 * phone at the venue has no signal, and a failed refresh must not take the rows away.
 */
export const usePool = (radunoId: number, enabled = true) =>
  trpc.raduni.pool.useQuery(
    { id: radunoId },
    {
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: false,
      refetchOnWindowFocus: false,
      retry: 0,
    },
  );

/** 'Pronto offline: 142 collezionisti, aggiornato alle 9:40' */
export const poolReadyText = (pool: Pool) =>
  `Pronto offline: ${pool.entries.length === 1 ? '1 collezionista' : `${pool.entries.length} collezionisti`}, aggiornato alle ${formatTime(pool.builtAt)}`;

/** Phones drop a meet's pool POOL_KEPT_HOURS_AFTER hours after its end (issue 46, row 7). */
export function dropEndedPools(queryClient: QueryClient, now = Date.now()) {
  const pools = queryClient.getQueryCache().findAll({ queryKey: getQueryKey(trpc.raduni.pool) });
  for (const query of pools) {
    const pool = query.state.data as Pool | undefined;
    if (pool && new Date(pool.end).getTime() + POOL_KEPT_HOURS_AFTER * HOUR_MS <= now) {
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    }
  }
}
