import type { RouterOutputs } from '../../../shared/api/trpc.ts';

/** A user as the admin list receives it. */
export type AdminUser = RouterOutputs['users']['list'][number];
