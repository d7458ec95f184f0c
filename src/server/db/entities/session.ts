import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.ts';

const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'user_session',
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().index(),
    /** Written at most every SESSION_USE_STEP_MINUTES (sessions.ts), not at every request. */
    lastUsedAt: p.datetime().nullable(),
    /** A coarse name from the User-Agent at login ('Chrome su Android'): Profilo's 'Dispositivi'. */
    device: p.string().length(60).nullable(),
    /** The child profile this session acts as (issue 45, row 2); null: the user's own. */
    profileId: p.integer().nullable(),
  },
});

/** A server-side session: the sealed cookie only points here, so deleting a row logs that browser out. */
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
