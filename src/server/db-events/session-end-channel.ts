/** Its payload: the id of a user some of whose sessions just ended (logout, password change, deactivation). */
export const SESSION_END_CHANNEL = 'session_end';

/** SQL that notifies the end of a session of `userId` (an SQL expression), as the statement ending it commits. */
export const notifySessionEndSql = (userId: string) => `pg_notify('${SESSION_END_CHANNEL}', ${userId}::text)`;

export const parseSessionEnd = (payload: string) => Number(payload);
