import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REPORTS_PAGE_SIZE } from '../../../../rpc/schemas/reports.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import type { ReportFilterValues } from './report-filters.tsx';

// 'all' is the same as no filter: left out of the request, as the spec's calls do.
const chosen = <T extends string>(value: T | 'all') => (value === 'all' ? undefined : value);

/**
 * One page of reports. Never served from cache (spec §9): reports arrive at any time, so each visit and
 * each page asks the server; the previous page stays on screen while the next one answers.
 */
export function useReportsPage(filters: ReportFilterValues, page: number, setPage: (page: number) => void) {
  const list = trpc.reports.list.useQuery(
    {
      status: chosen(filters.status),
      priority: chosen(filters.priority),
      type: chosen(filters.type),
      page,
      limit: REPORTS_PAGE_SIZE,
    },
    { staleTime: 0, gcTime: 0, refetchOnMount: 'always', placeholderData: keepPreviousData },
  );
  const totalPages = list.data?.totalPages;
  // A deletion can leave the page past the last one: go to the last page that still exists.
  useEffect(() => {
    const last = Math.max(1, totalPages ?? page);
    if (page > last) setPage(last);
  }, [page, totalPages, setPage]);
  return list;
}
