/*
 * 'Unread': the other's messages in a match past my read pointer, one of the match's two columns
 * (`low_read_up_to` for its lower user id, `high_read_up_to` for the higher); chat/messages.ts moves it
 * forward. Its one spelling, for the Home list, the Match tab's badge and the message alert
 * (unread-messages.test.ts fails on a copy elsewhere).
 */

/**
 * SQL: message `x` of match `m` is one `viewer` has not read. `viewer` is an SQL expression, bound where
 * it appears: twice.
 */
export const unreadByViewerSql = (viewer: string) =>
  `x.sender_id <> ${viewer}
   and x.id > case when m.user_low_id = ${viewer} then m.low_read_up_to else m.high_read_up_to end`;

/** SQL: how many messages of match `m` `viewer` has not read, an int (`viewer` bound twice). */
export const unreadCountSql = (viewer: string) =>
  `(select count(*)::int from message x where x.match_id = m.id and ${unreadByViewerSql(viewer)})`;
