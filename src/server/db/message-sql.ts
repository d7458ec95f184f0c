import { HIDDEN_MESSAGE_TEXT } from '../../rpc/schemas/chat.ts';

/**
 * A message's words as collectors read them anywhere (the chat's preview on Home, an alert): a message an
 * admin hid (issue 47, row 3) reads HIDDEN_MESSAGE_TEXT; its words stay in the report's evidence.
 */
export const shownContentSql = (message: string) =>
  `case when ${message}.hidden_at is null then ${message}.content else '${HIDDEN_MESSAGE_TEXT}' end`;
