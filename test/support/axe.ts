import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One accessibility rule broken on a page, as axe-core reports it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (injected from node_modules, no CDN) on the page as it is now and returns the
 * serious and critical violations (the console's budget: none).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // The callbacks run in the page (the test's tsconfig has no DOM types: globalThis stands in for window).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: () => Promise<any> } }).axe;
    const result = await axe.run();
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n: any) => String(n.target)),
    }));
  });
  return (found as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
