import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../infra/local/dev-issuer';
import { tokenFor } from '../support/api';
import { authorizeDocsPage, tryOutOperation, usePage } from '../support/browser';
import { privateDemoShop } from '../support/shops';

/**
 * A product image uploaded from the docs page (Swagger UI's file field for POST .../slideshow, the
 * multipart request body of openapi.json) and shown on that page from its public URL: the picture
 * really loads in chromium (naturalWidth > 0), served by the twin's S3 server as CloudFront serves it.
 */

const OUTPUT = join(repoRoot, 'test-output');

/** The little of the page's DOM the test touches (the project's types have no DOM library). */
interface PageDocument {
  createElement(tag: 'img'): {
    id: string;
    src: string;
    naturalWidth: number;
    naturalHeight: number;
    decode(): Promise<void>;
  };
  querySelector(selector: string): { prepend(node: unknown): void } | null;
}

const openedPage = usePage();

describe('a product image in chromium', () => {
  it('uploads a PNG through the docs page and shows its Large size from the image URL', {
    timeout: 60_000,
  }, async () => {
    // Prepare: a private shop, a real picture on disk for the file field
    const page = openedPage();
    const api = inject('apiUrl');
    const shop = await privateDemoShop('browser-image');
    const file = join(OUTPUT, 'slideshow-upload.png');
    mkdirSync(OUTPUT, { recursive: true });
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .png()
      .toFile(file);
    const spec = (await (await fetch(`${api}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const tag = spec.paths['/{shopId}/products/{productId}/slideshow']?.post?.tags?.[0] ?? 'default';

    // Act: authorize, try out the upload with the file field, execute
    await page.goto(`${api}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    await authorizeDocsPage(page, tokenFor(shop));
    const operation = page.locator(`#operations-${tag}-uploadSlideshowImage`);
    await tryOutOperation(operation);
    await operation.locator('input[placeholder="shopId"]').fill(shop);
    await operation.locator('input[placeholder="productId"]').fill('titanium-mug');
    await operation.locator('input[type="file"]').setInputFiles(file);
    const answered = page.waitForResponse((r) => r.url().endsWith('/titanium-mug/slideshow'));
    await operation.locator('.execute').click();
    const response = await answered;
    const body = (await response.json()) as {
      name: string;
      sizes: { classifier: string; url: string; width: number }[];
    };
    const large = body.sizes.find((s) => s.classifier === 'Large');

    // Act: show the Large size on the page, as a storefront would
    const natural = await page.evaluate(async (url) => {
      const { document } = globalThis as unknown as { document: PageDocument };
      const img = document.createElement('img');
      img.id = 'uploaded-product-image';
      img.src = url;
      document.querySelector('.information-container')?.prepend(img);
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, large?.url ?? '');
    await page.locator('#uploaded-product-image').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, 'slideshow-image.png') });

    // Assess
    expect(response.status()).toBe(201);
    expect(body.name).toBe('slideshow-upload.png');
    expect(large?.width).toBe(640);
    expect(natural).toEqual({ width: 640, height: 480 });
  });
});
