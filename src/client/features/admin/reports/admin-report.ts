import type { RouterOutputs } from '../../../shared/api/trpc.ts';

/** A report as the admin list receives it. */
export type AdminReport = RouterOutputs['reports']['list']['reports'][number];
