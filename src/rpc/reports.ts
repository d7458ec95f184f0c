import { refuseHiddenByAge } from '../server/matches/hidden-minors.ts';
import { myReports, reportEvidence } from '../server/reports/evidence.ts';
import { reportMessage } from '../server/reports/message-report.ts';
import {
  createReport,
  deleteInBulk,
  limitReports,
  listReports,
  REPORTED_USER_NOT_FOUND_MESSAGE,
  reportUser,
  setStatusInBulk,
  updateReport,
} from '../server/reports/reports.ts';
import {
  bulkDeleteInput,
  bulkDeleteOutput,
  bulkStatusInput,
  bulkStatusOutput,
  createdReportOutput,
  errorReportInput,
  myReportsOutput,
  reportEvidenceInput,
  reportEvidenceOutput,
  reportMessageInput,
  reportOutput,
  reportsPageOutput,
  reportsQueryInput,
  reportUserInput,
  updateReportInput,
  userReportInput,
} from './schemas/reports.ts';
import { adminProcedure, authedProcedure, publicProcedure, router } from './trpc.ts';

export const reportsRouter = router({
  /** The app's automatic error reports: anybody may send, at most 30 a minute per IP, all bounded. */
  error: publicProcedure
    .input(errorReportInput)
    .output(createdReportOutput)
    .mutation(async ({ ctx, input }) => {
      await limitReports(ctx.services.rateLimits.errorReports, `ip:${ctx.ip}`);
      return createReport(ctx.em, {
        ...input,
        userId: ctx.auth?.user.id ?? null,
        userAgent: ctx.userAgent,
      });
    }),

  /** 'Segnala un problema': a collector's own report. */
  create: authedProcedure
    .input(userReportInput)
    .output(createdReportOutput)
    .mutation(async ({ ctx, input }) => {
      await limitReports(ctx.services.rateLimits.errorReports, `user:${ctx.auth.user.id}`);
      return createReport(ctx.em, {
        type: 'user',
        ...input,
        userId: ctx.auth.user.id,
        userAgent: ctx.userAgent,
      });
    }),

  /** 'Segnala' in a chat's menu: a collector reports another; the same limit as their other reports. */
  reportUser: authedProcedure
    .input(reportUserInput)
    .output(createdReportOutput)
    .mutation(async ({ ctx, input }) => {
      await limitReports(ctx.services.rateLimits.errorReports, `user:${ctx.auth.user.id}`);
      // A minor hidden from me by our ages is an unknown id here too (issue 45, row 3).
      await refuseHiddenByAge(ctx.em, ctx.auth.user, input.userId, REPORTED_USER_NOT_FOUND_MESSAGE);
      return reportUser(ctx.em, {
        userId: ctx.auth.user.id,
        reportedUserId: input.userId,
        reason: input.reason,
        category: input.category,
        userAgent: ctx.userAgent,
      });
    }),

  /** 'Segnala' on a message of a chat I am in: a reason from the list, words if wanted (issue 47, row 2). */
  reportMessage: authedProcedure
    .input(reportMessageInput)
    .output(createdReportOutput)
    .mutation(async ({ ctx, input }) => {
      await limitReports(ctx.services.rateLimits.errorReports, `user:${ctx.auth.user.id}`);
      return reportMessage(ctx.em, {
        userId: ctx.auth.user.id,
        messageId: input.id,
        category: input.category,
        text: input.text,
        userAgent: ctx.userAgent,
      });
    }),

  /** My reports about collectors and what came of them (Profilo). */
  mine: authedProcedure.output(myReportsOutput).query(({ ctx }) => myReports(ctx.em, ctx.auth.user.id)),

  /** A report about a collector: the last messages of their chat with the reporter, and other reports about them. */
  evidence: adminProcedure
    .input(reportEvidenceInput)
    .output(reportEvidenceOutput)
    .query(({ ctx, input }) => reportEvidence(ctx.em, input.id)),

  list: adminProcedure
    .input(reportsQueryInput)
    .output(reportsPageOutput)
    .query(({ ctx, input }) =>
      listReports(ctx.em, {
        status: input?.status,
        priority: input?.priority,
        type: input?.type,
        page: input?.page ?? 1,
        limit: input?.limit ?? 20,
      }),
    ),

  update: adminProcedure
    .input(updateReportInput)
    .output(reportOutput)
    .mutation(({ ctx, input }) => updateReport(ctx.em, input)),

  bulkStatus: adminProcedure
    .input(bulkStatusInput)
    .output(bulkStatusOutput)
    .mutation(({ ctx, input }) => setStatusInBulk(ctx.em, input.reportIds, input.status)),

  bulkDelete: adminProcedure
    .input(bulkDeleteInput)
    .output(bulkDeleteOutput)
    .mutation(({ ctx, input }) => deleteInBulk(ctx.em, input.reportIds)),
});
