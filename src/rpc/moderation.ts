import { decide } from '../server/moderation/decisions.ts';
import {
  barReportedAccount,
  exportEvidence,
  forwardToAuthorities,
  reportDecisions,
} from '../server/moderation/report-review.ts';
import { contestDecision, myDecisions, readDecision } from '../server/moderation/statements.ts';
import { cancelOpenSwapsOf } from '../server/swaps/swap-cancellation.ts';
import {
  contestInput,
  decideInput,
  decisionInput,
  decisionOutput,
  evidenceExportOutput,
  myDecisionsOutput,
  okOutput,
  reportDecisionsOutput,
  reportIdInput,
} from './schemas/moderation.ts';
import { adminProcedure, authedProcedure, publicProcedure, router } from './trpc.ts';
import { z } from './zod.ts';

/** Issue 47, row 3 (decision 053): the admin's decisions on reports, and their statements of reasons. */
export const moderationRouter = router({
  /** Hide the message, limit, suspend, deactivate or dismiss — or answer a contest — with a rule and a sentence. */
  decide: adminProcedure
    .input(decideInput)
    .output(z.strictObject({ id: z.int() }))
    .mutation(({ ctx, input }) =>
      decide(
        ctx.em,
        { env: ctx.services.env, secret: ctx.services.sessionSecret },
        ctx.auth.user.id,
        input,
        cancelOpenSwapsOf,
      ),
    ),

  /** What was decided on a report, its 'inoltrata alle autorità' step, a deleted account's reference. */
  ofReport: adminProcedure
    .input(reportIdInput)
    .output(reportDecisionsOutput)
    .query(({ ctx, input }) => reportDecisions(ctx.em, input.id)),

  forward: adminProcedure
    .input(reportIdInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => forwardToAuthorities(ctx.em, ctx.auth.user.id, input.id)),

  exportEvidence: adminProcedure
    .input(reportIdInput)
    .output(evidenceExportOutput)
    .query(({ ctx, input }) => exportEvidence(ctx.em, input.id)),

  bar: adminProcedure
    .input(reportIdInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => barReportedAccount(ctx.em, ctx.auth.user.id, input.id)),

  /** A statement of reasons: with the session of whoever it affects, or with the link of its e-mail. */
  decision: publicProcedure
    .input(decisionInput)
    .output(decisionOutput)
    .query(({ ctx, input }) =>
      readDecision(ctx.em, input.id, {
        userId: ctx.auth?.user.id,
        token: input.token,
        secret: ctx.services.sessionSecret,
      }),
    ),

  mine: authedProcedure.output(myDecisionsOutput).query(({ ctx }) => myDecisions(ctx.em, ctx.auth.user.id)),

  /** 'Contesta la decisione', once: the report opens again for another look. */
  contest: publicProcedure
    .input(contestInput)
    .output(decisionOutput)
    .mutation(({ ctx, input }) =>
      contestDecision(
        ctx.em,
        input.id,
        { userId: ctx.auth?.user.id, token: input.token, secret: ctx.services.sessionSecret },
        input.text,
      ),
    ),
});
