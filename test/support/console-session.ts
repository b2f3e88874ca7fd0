import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../infra/local/dev-issuer';
import { seriousViolations } from './axe';

/** Where the console's browser tests write their screenshots (not committed). */
export const CONSOLE_OUTPUT = join(repoRoot, 'test-output');

/** Signs in through the twin's local sign-in page as staff of `shop` (every scope), then waits for Home. */
export async function signInLocally(page: Page, api: string, shop: string): Promise<void> {
  await page.goto(`${api}/admin/`);
  await page.getByLabel('Shop').fill(shop);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
}

/** A recorder of each screen visited: its serious axe violations and a screenshot, console-<name>.png. */
export function screenRecorder(page: Page) {
  mkdirSync(CONSOLE_OUTPUT, { recursive: true });
  const violations: Record<string, unknown[]> = {};
  return {
    violations,
    screen: async (name: string) => {
      violations[name] = await seriousViolations(page);
      await page.screenshot({ path: join(CONSOLE_OUTPUT, `console-${name}.png`) });
    },
  };
}
