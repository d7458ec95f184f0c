import { expect, test } from 'vitest';
import { spellingsOf } from '../../../test/support/source-scan.ts';

/**
 * The heart of 'unread': which of the match's two read pointers is the viewer's, as SQL
 * (`then m.low_read_up_to else m.high_read_up_to`, either way round) or as TS over the entity's fields.
 * Moving the pointer forward (chat/messages.ts, `greatest(…)`) is not this.
 */
const VIEWERS_READ_POINTER =
  /\b(low|high)_read_up_to\s+else\s+(\w+\.)?(low|high)_read_up_to\b|\b(low|high)ReadUpTo\s*:\s*[\w.]*\b(low|high)ReadUpTo\b/;

test("'unread' is spelled once, in unread-messages.ts (the Home list, the badge and the alert use it)", () => {
  expect(spellingsOf(VIEWERS_READ_POINTER)).toEqual([
    expect.stringMatching(/^src\/server\/matches\/unread-messages\.ts:\d+$/),
  ]);
});
