import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { usePage } from '../support/browser';
import { screenRecorder, signInLocally } from '../support/console-session';
import { privateDemoShop } from '../support/shops';

/**
 * The console's pages in chromium over the real twin (docs/console.md "Pages"): the German terms
 * changed and read back by a storefront, the English ones kept; a script tag added, a bad one refused
 * in words. axe on each screen; screenshots in test-output/.
 */

const openedPage = usePage();
let shop: string;

beforeAll(async () => {
  shop = await privateDemoShop('console-pages');
});

describe('the console’s pages', () => {
  it('changes the German terms (the English kept), adds a script tag and refuses a bad one in words', {
    timeout: 60_000,
  }, async () => {
    // Prepare
    const page = openedPage();
    const api = inject('apiUrl');
    const { violations, screen } = screenRecorder(page);
    const storefront = { token: tokenFor(shop, ['products_read']) };
    const termsIn = (locale: string) =>
      call(`/${shop}/legal/terms-and-conditions?locale=${locale}`, storefront);
    const englishBefore = (await termsIn('en_GB')).body;
    const germanBefore = (await termsIn('de_DE')).body;
    await signInLocally(page, api, shop);

    // Act: the German terms
    await page.getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('link', { name: 'Terms and conditions' }).click();
    await page.getByLabel('Language of the page').selectOption('de_DE');
    // The German page loaded into the form (a field typed before would belong to the English one).
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(germanBefore.name);
    await page.getByLabel('Title').fill('AGB (Stand Dezember 2026)');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByText('Saved in de_DE.').waitFor();
    await screen('page-terms');
    const german = (await termsIn('de_DE')).body;
    const english = (await termsIn('en_GB')).body;

    // Act: script tags
    await page.getByRole('link', { name: 'Back to pages' }).click();
    await page.getByLabel('Script URL').fill('https://cdn.example.com/widget.js');
    await page.getByRole('button', { name: 'Add script tag' }).click();
    await page.getByText('Script tag https://cdn.example.com/widget.js added.').waitFor();
    await page.getByLabel('Script URL').fill('http://cdn.example.com/plain.js');
    await page.getByRole('button', { name: 'Add script tag' }).click();
    const refusal = await page.locator('.notice.error').textContent();
    await screen('pages');
    const tags = await call(`/${shop}/script-tags`);

    // Assess
    expect(german.title).toBe('AGB (Stand Dezember 2026)');
    expect(german.description.length).toBeGreaterThan(0);
    expect(english).toEqual(englishBefore);
    expect(refusal).toMatch(/^Not saved: .*https/);
    expect(tags.body.items.map((t: { scriptUrl: string }) => t.scriptUrl)).toEqual([
      'https://cdn.example.com/widget.js',
    ]);
    expect(violations).toEqual({ 'page-terms': [], pages: [] });
  });
});
