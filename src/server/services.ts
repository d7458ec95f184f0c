import type { FastifyBaseLogger } from 'fastify';
import type { BackupsInfo } from '../rpc/schemas/settings.ts';
import type { VapidKeys } from './alerts/vapid-keys.ts';
import type { LoginThrottle } from './auth/login-throttle.ts';
import type { ChatSubscriptions } from './chat/chat-subscriptions.ts';
import type { TapBatches } from './collection/tap-batches.ts';
import type { Env } from './env.ts';
import type { MatchIndex } from './matches/match-index.ts';
import type { RateLimits } from './rate-limits.ts';

/** Long-lived things a request may need, built once at start. */
export type Services = {
  env: Env;
  sessionSecret: string;
  loginThrottle: LoginThrottle;
  rateLimits: RateLimits;
  chatSubscriptions: ChatSubscriptions;
  matchIndex: MatchIndex;
  tapBatches: TapBatches;
  /** The database event bus's LISTEN connection is up (`/api/ready`). */
  dbEventsListening: () => boolean;
  /** Who backs the database up: the app (embedded) or the external database's platform. */
  backups: BackupsInfo;
  /** The server's Web Push identity (alerts/vapid-keys.ts). */
  vapid: VapidKeys;
  log: FastifyBaseLogger;
};
