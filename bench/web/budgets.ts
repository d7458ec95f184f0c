/**
 * The first screens' budgets (DESIGN.md §5), in one place: bench:web measures them all in Chromium and
 * Lighthouse; the byte budgets, which are deterministic, also fail `npm test`
 * (test/first-visit-budget.test.ts). Bytes are KiB of compressed transfer; the CSS budget applies to each
 * page; the scores hold for every Lighthouse run, not only their median.
 */
export const BUDGETS = {
  loginJsKb: 150,
  albumJsKb: 180,
  cssKb: 30,
  performance: 90,
  accessibility: 95,
  bestPractices: 95,
};
