import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { seriousViolations } from '../support/axe';
import { usePage } from '../support/browser';
import { CONSOLE_OUTPUT, screenRecorder, signInLocally } from '../support/console-session';
import { picture } from '../support/images';
import { privateDemoShop } from '../support/shops';

/**
 * The console's products screens in chromium over the real twin (docs/console.md "Products"): a
 * product created with a price and stock and found by the storefront's GET /products; three products
 * adjusted by +5 at once, the new levels on screen and in the API; a bulk action one product of which
 * fails (deleted meanwhile), said by name. axe on each screen; screenshots in test-output/.
 */

const openedPage = usePage();
let shop: string;

beforeAll(async () => {
  shop = await privateDemoShop('console-products');
});

describe('the console’s products', () => {
  it('creates a product with stock, adjusts three at once, and says which of a bulk action failed', {
    timeout: 60_000,
  }, async () => {
    // Prepare
    const page = openedPage();
    const api = inject('apiUrl');
    const { violations, screen } = screenRecorder(page);
    const stockOf = async (id: string) =>
      (await call(`/${shop}/products/${id}`)).body.stocklevel as number | null;
    await signInLocally(page, api, shop);

    // Act: a new product, shown, with a price and 12 in stock
    await page.getByRole('link', { name: 'Products' }).click();
    await page.locator('table.products tbody tr').first().waitFor();
    await screen('products');
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByLabel('Name').fill('Console Mug');
    await page.getByLabel('Product number').fill('MUG-CONSOLE');
    await page.getByLabel('Price in EUR').fill('12,50');
    await page.getByLabel('Shown in the shop').check();
    await page.getByLabel('Stock (empty: not tracked)').fill('12');
    await screen('product-new');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { name: 'Console Mug' }).waitFor();
    const stockShown = await page.locator('.stock-now').textContent();
    await screen('product');
    const storefront = await call(`/${shop}/products?q=console%20mug`, {
      token: tokenFor(shop, ['products_read']),
    });

    // Act: three products of the first page adjusted by +5
    await page.getByRole('link', { name: 'Back to products' }).click();
    const rows = page.locator('table.products tbody tr');
    await rows.first().waitFor();
    const ids = (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-product')))).slice(
      0,
      3,
    ) as string[];
    const before = await Promise.all(ids.map(stockOf));
    for (const id of ids) await page.locator(`tr[data-product="${id}"] input[type="checkbox"]`).check();
    await page.getByLabel('Adjust stock by').fill('5');
    await page.getByRole('button', { name: 'Adjust stock' }).click();
    await page.getByText('3 of 3 products changed.').waitFor();
    await screen('products-adjusted');
    const shownAfter = await Promise.all(
      ids.map(async (id) => (await page.locator(`tr[data-product="${id}"] td.stock`).textContent())?.trim()),
    );
    const after = await Promise.all(ids.map(stockOf));

    // Act: hide two products, one of which is deleted meanwhile
    const [keep, gone] = ids as [string, string];
    for (const id of [keep, gone])
      await page.locator(`tr[data-product="${id}"] input[type="checkbox"]`).check();
    const deleted = await call(`/${shop}/products/${gone}`, { method: 'DELETE' });
    await page.getByRole('button', { name: 'Hide from shop' }).click();
    await page.getByText('1 of 2 products changed.').waitFor();
    const summary = await page.getByRole('status').filter({ hasText: 'products changed' }).textContent();
    const kept = await call(`/${shop}/products/${keep}?includeInvisible=true`);

    // Assess
    expect(stockShown).toBe('12 in stock');
    expect(storefront.status).toBe(200);
    expect(storefront.body.items).toEqual([
      expect.objectContaining({
        name: 'Console Mug',
        productNumber: 'MUG-CONSOLE',
        stocklevel: 12,
        visible: true,
      }),
    ]);
    expect(storefront.body.items[0].priceInfo.price.amount).toBe(12.5);
    expect(after).toEqual(before.map((level) => (level ?? 0) + 5));
    expect(shownAfter.map((text) => Number.parseFloat(text ?? ''))).toEqual(after);
    expect(deleted.status).toBe(204);
    expect(summary).toMatch(/1 of 2 products changed\..*: not changed: .+/s);
    expect(kept.body.visible).toBe(false);
    expect(violations).toEqual({ products: [], 'product-new': [], product: [], 'products-adjusted': [] });
  });

  it('uploads two images with progress, shows them at their Small size, makes the second the main image and moves it first', {
    timeout: 60_000,
  }, async () => {
    // Prepare: the product of the test before, and two PNGs
    const page = openedPage();
    const api = inject('apiUrl');
    const product = (await call(`/${shop}/products?q=console%20mug&includeInvisible=true`)).body.items[0];
    const files = await Promise.all(
      ['mug-front.png', 'mug-side.png'].map(async (name, i) => ({
        name,
        mimeType: 'image/png',
        buffer: await picture('png', 640 + i * 20, 480),
      })),
    );

    // Act: upload both through the file picker
    await page.goto(`${api}/admin/products/${product.productId}`);
    await page.getByRole('link', { name: 'Images' }).click();
    await page.getByRole('heading', { name: 'Images of Console Mug' }).waitFor();
    await page.getByLabel('Choose image files').setInputFiles(files);
    await page.locator('.uploads li', { hasText: 'mug-side.png' }).getByText('Uploaded').waitFor();
    await page.locator('.image-list li').nth(1).waitFor();
    await page.waitForFunction(
      "[...document.querySelectorAll('.image-list img')].every((img) => img.complete && img.naturalWidth > 0)",
    );
    const shown = await page.locator('.image-list img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src'),
        loaded: (img as unknown as { naturalWidth: number }).naturalWidth,
      })),
    );
    const progressDone = await page
      .locator('.uploads progress')
      .evaluateAll((bars) => bars.map((bar) => (bar as unknown as { value: number }).value));

    // Act: the side view made main, then moved up
    await page.getByRole('button', { name: 'Make mug-side.png the main image' }).click();
    await page.getByText('mug-side.png is the main image.').waitFor();
    await page.getByRole('button', { name: 'Move mug-side.png up' }).click();
    // The outcome of the sequence write, whichever it is (a catalog write: slow beside a busy host).
    const outcome = page.locator('p.notice', { hasNotText: 'is the main image' });
    await outcome.waitFor({ timeout: 20_000 });
    const reordered = await outcome.textContent();
    const violations = await seriousViolations(page);
    await page.screenshot({ path: join(CONSOLE_OUTPUT, 'console-product-images.png') });
    const sequence = await call(`/${shop}/products/${product.productId}/slideshow/sequence`);
    const stored = await call(`/${shop}/products/${product.productId}?includeInvisible=true`);

    // Assess
    expect(reordered).toBe('Order saved.');
    expect(progressDone).toEqual([1, 1]);
    expect(shown).toHaveLength(2);
    for (const image of shown) {
      expect(image.src).toMatch(/_s\.png$/);
      expect(image.loaded).toBe(200);
    }
    expect(sequence.body).toEqual(['mug-side.png', 'mug-front.png']);
    expect(stored.body.productImage).toBe('mug-side.png');
    expect(violations).toEqual([]);
  });
});
