import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../infra/local/dev-issuer';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { tokenFor } from '../support/api';
import { authorizeDocsPage, tryOutOperation, usePage } from '../support/browser';

/**
 * The docs page in a real browser (docs/api-reference.md "The docs page"): Debian's chromium driven
 * by playwright-core (no browser download). A missing chromium fails the test with what to do.
 */

const OUTPUT = join(repoRoot, 'test-output');
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** How many operations a document declares (one per path and HTTP method). */
function operationCount(document: { paths: Record<string, Record<string, unknown>> }): number {
  return Object.values(document.paths).reduce(
    (sum, item) => sum + Object.keys(item).filter((key) => HTTP_METHODS.has(key)).length,
    0,
  );
}

const openedPage = usePage();

describe('the docs page in chromium', () => {
  it('lists every operation of /openapi.json, authorizes with a pasted dev token and runs GET /demo/shipping-methods', {
    timeout: 60_000,
  }, async () => {
    // Prepare
    const page = openedPage();
    const api = inject('apiUrl');
    const document = (await (await fetch(`${api}/openapi.json`)).json()) as Parameters<
      typeof operationCount
    >[0];
    const token = tokenFor('demo');

    // Act: open the page, count operations
    await page.goto(`${api}/docs`);
    // The first render parses the whole description: beside the rehearsal's function processes it
    // once took over the steps' 8 s.
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    const listed = await page.locator('.opblock').count();

    // Act: Authorize with the bearer scheme (the OAuth2 client-credentials one wants a client secret)
    await authorizeDocsPage(page, token);

    // Act: try GET /{shopId}/shipping-methods with shop demo
    // Swagger UI ids an operation by its first tag (`default` when it has none) and its operationId.
    const listOperation = document.paths['/{shopId}/shipping-methods']?.get as
      | { tags?: string[] }
      | undefined;
    const operation = page.locator(
      `#operations-${listOperation?.tags?.[0] ?? 'default'}-listShippingMethods`,
    );
    await tryOutOperation(operation);
    await operation.locator('input[placeholder="shopId"]').fill('demo');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/demo/shipping-methods');
    await operation.locator('.execute').click();
    const response = await answered;
    const shownStatus = operation.locator('.live-responses-table tbody .response-col_status').first();
    await shownStatus.scrollIntoViewIfNeeded();
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: join(OUTPUT, 'docs-page.png'), fullPage: false });

    // Assess
    expect(listed).toBe(operationCount(document));
    expect(response.request().headers().accept).toBe(MEDIA_TYPE_V1);
    expect(response.request().headers().authorization).toBe(`Bearer ${token}`);
    expect(response.status()).toBe(200);
    expect((await response.json()).length).toBeGreaterThan(0);
    expect((await shownStatus.textContent())?.trim()).toBe('200');
  });
});
