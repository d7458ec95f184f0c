import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let source: Promise<string> | undefined;

/**
 * What axe-core finds serious or critical on the page as it is now (WCAG 2.1 A and AA rules): each as
 * 'rule: an element's selector', one per element, so a failure names what to fix.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP refuses a script tag that is not its own.
  source ??= fs.readFile(AXE_SCRIPT, 'utf8');
  await page.evaluate(await source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const results = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}
