import { expect, test } from 'vitest';
import { spellingsOf } from '../../../test/support/source-scan.ts';

/**
 * 'Blocked either way' as SQL: `user_block` read both ways round in one statement, two conditions on
 * both columns joined by `or` or `union` (a pair's rows, or everyone a collector blocked or was blocked by).
 * One-way reads (my blocks, `blockedBySql`, the data export) and deletes name each column once.
 */
const BOTH_WAYS =
  /\bblocke[rd]_id\b[^`;]{0,120}?\bblocke[rd]_id\b[^`;]{0,120}?\b(or|union)\b[^`;]{0,120}?\bblocke[rd]_id\b[^`;]{0,120}?\bblocke[rd]_id\b/i;

test("'blocked either way' is spelled in blocked-pair.ts alone (the pair's rows and the ids list)", () => {
  const home = expect.stringMatching(/^src\/server\/blocks\/blocked-pair\.ts:\d+$/);
  expect(spellingsOf(BOTH_WAYS)).toEqual([home, home]);
});
