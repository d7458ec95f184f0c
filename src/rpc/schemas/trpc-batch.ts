/**
 * The most calls one tRPC request may carry: the client's batch link sends no more, and the server
 * refuses a larger batch whole (413), so no request costs more than this many calls.
 */
export const TRPC_BATCH_MAX = 50;
