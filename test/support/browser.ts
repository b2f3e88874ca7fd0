import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumPath } from '../../infra/test-tools';

/** The chromium infra/test-tools.ts finds (npm test's pretest installs it where it may). */
export function browserPath(): string {
  const found = chromiumPath();
  if (found) return found;
  throw new Error(
    'chromium is missing: the browser tests drive a real browser. `npm test` installs it where it may (infra/test-tools.ts); else `apt-get install -y chromium` or set CHROMIUM_PATH',
  );
}

/** Debian's chromium driven by playwright-core (no browser download), one page of 1400 × 1000. */
export async function openBrowser(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: browserPath(), args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // A step that cannot happen fails with its locator well before the test's own timeout.
  page.setDefaultTimeout(8_000);
  return { browser, page };
}

/** Opens chromium for the test file (closed after it); the page, for the tests to call once started. */
export function usePage(): () => Page {
  let opened: { browser: Browser; page: Page } | undefined;
  beforeAll(async () => {
    opened = await openBrowser();
  }, 30_000);
  afterAll(async () => {
    await opened?.browser.close();
  });
  return () => {
    if (!opened) throw new Error('the browser did not open');
    return opened.page;
  };
}

/** On the docs page: Authorize with the bearer scheme (the OAuth2 client-credentials one wants a client secret). */
export async function authorizeDocsPage(page: Page, token: string): Promise<void> {
  await page.locator('.auth-wrapper .authorize').click();
  const bearer = page.locator('.auth-container').filter({ hasText: 'bearerAuth' });
  await bearer.locator('input').fill(token);
  await bearer.locator('button.authorize').click();
  await bearer.getByText('Authorized').waitFor();
  await page.locator('.modal-ux .btn-done').first().click();
}

/**
 * On the docs page: opens an operation and presses its "Try it out". Opening resolves the operation
 * against the whole document, and Swagger UI 5 normalizes an OpenAPI 3.1 document again on every
 * open (2.4 s of the page's CPU when idle, over 8 s in a busy suite), so that step gets the first
 * render's allowance.
 */
export async function tryOutOperation(operation: Locator): Promise<void> {
  await operation.locator('.opblock-summary').click({ timeout: 30_000 });
  await operation.locator('.try-out__btn').click();
}
