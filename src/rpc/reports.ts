import { TRPCError } from '@trpc/server';
import {
  createReport,
  deleteInBulk,
  listReports,
  setStatusInBulk,
  updateReport,
} from '../server/reports/reports.ts';
import type { Context } from './context.ts';
import {
  bulkDeleteInput,
  bulkStatusInput,
  errorReportInput,
  reportsQueryInput,
  updateReportInput,
  userReportInput,
} from './schemas/reports.ts';
import { adminProcedure, authedProcedure, publicProcedure, router } from './trpc.ts';

async function limitReports(ctx: Context, key: string) {
  const wait = await ctx.services.rateLimits.errorReports.take(key);
  if (wait !== undefined) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Troppe segnalazioni: riprova tra ${wait} second${wait === 1 ? 'o' : 'i'}`,
    });
  }
}

export const reportsRouter = router({
  /** The app's automatic error reports: anybody may send, at most 30 a minute per IP, all bounded. */
  error: publicProcedure.input(errorReportInput).mutation(async ({ ctx, input }) => {
    await limitReports(ctx, `ip:${ctx.ip}`);
    return createReport(ctx.em, {
      ...input,
      userId: ctx.auth?.user.id ?? null,
      userAgent: ctx.userAgent,
    });
  }),

  /** 'Segnala un problema': a collector's own report. */
  create: authedProcedure.input(userReportInput).mutation(async ({ ctx, input }) => {
    await limitReports(ctx, `user:${ctx.auth.user.id}`);
    return createReport(ctx.em, {
      type: 'user',
      ...input,
      userId: ctx.auth.user.id,
      userAgent: ctx.userAgent,
    });
  }),

  list: adminProcedure.input(reportsQueryInput).query(({ ctx, input }) =>
    listReports(ctx.em, {
      status: input?.status,
      priority: input?.priority,
      type: input?.type,
      page: input?.page ?? 1,
      limit: input?.limit ?? 20,
    }),
  ),

  update: adminProcedure.input(updateReportInput).mutation(({ ctx, input }) => updateReport(ctx.em, input)),

  bulkStatus: adminProcedure
    .input(bulkStatusInput)
    .mutation(({ ctx, input }) => setStatusInBulk(ctx.em, input.reportIds, input.status)),

  bulkDelete: adminProcedure
    .input(bulkDeleteInput)
    .mutation(({ ctx, input }) => deleteInBulk(ctx.em, input.reportIds)),
});
