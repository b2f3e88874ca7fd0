import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { seriousViolations } from '../support/axe';
import { usePage } from '../support/browser';
import { orderableCart } from '../support/carts';
import { CONSOLE_OUTPUT, screenRecorder, signInLocally } from '../support/console-session';
import { privateDemoShop } from '../support/shops';

/**
 * The console's coupon campaigns and newsletters in chromium over the real twin (docs/console.md
 * "Coupons", "Newsletters"): a campaign created with a code, the code used by a checkout and its use
 * shown, a taken code refused in words; a newsletter campaign created, a sign-up listed and
 * unsubscribed. axe on each screen; screenshots in test-output/.
 */

const openedPage = usePage();
let shop: string;

beforeAll(async () => {
  shop = await privateDemoShop('console-coupons');
});

describe('the console’s coupons and newsletters', () => {
  it('creates a campaign with a code, shows the code’s use after a checkout, and refuses a taken code in words', {
    timeout: 60_000,
  }, async () => {
    // Prepare
    const page = openedPage();
    const api = inject('apiUrl');
    const { violations, screen } = screenRecorder(page);
    await signInLocally(page, api, shop);

    // Act: a campaign of 10 % with at most 5 uses per code
    await page.getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    await page.getByLabel('Name').fill('Winter 10 %');
    await page.getByLabel('Identifier (unique in the shop)').fill('winter-10');
    await page.getByLabel('Amount (percent, or money off)').fill('10');
    await page.getByLabel('Uses per code (empty: unlimited)').fill('5');
    await screen('coupons');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Winter 10 %' }).waitFor();
    await page.getByLabel('New code (letters, digits, - and _)').fill('WINTER-ANNA');
    await page.getByRole('button', { name: 'Add code' }).click();
    await page.getByText('Code WINTER-ANNA added.').waitFor();
    const url = new URL(page.url());
    const campaignId = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');

    // Act: a checkout with the code, then the campaign reloaded
    const cart = await orderableCart(shop);
    const added = await cart.call('/coupon', { method: 'POST', body: { code: 'winter-anna' } });
    const order = await cart.call('/order', { method: 'POST' });
    await page.reload();
    await page.locator('table.codes td', { hasText: 'WINTER-ANNA' }).first().waitFor();
    const codeRow = await page.locator('table.codes tbody tr').first().innerText();
    await screen('coupon-campaign');

    // Act: a code another campaign holds (the demo shop's WELCOME10): 409, said in words
    await page.getByLabel('New code (letters, digits, - and _)').fill('WELCOME10');
    await page.getByRole('button', { name: 'Add code' }).click();
    const refusal = await page.locator('.notice.error').textContent();

    // Assess
    expect(added.status).toBe(200);
    expect(order.status).toBe(201);
    expect(codeRow).toMatch(/WINTER-ANNA\s+1/);
    expect(refusal).toMatch(/^Not saved: .+/);
    const stored = await call(`/${shop}/coupon-campaigns/${campaignId}`);
    expect(stored.body).toMatchObject({
      identifier: 'winter-10',
      usesPerCode: 5,
      timesUsed: 1,
      type: { name: 'PERCENT', amount: 10 },
    });
    expect(violations).toEqual({ coupons: [], 'coupon-campaign': [] });
  });

  it('creates a newsletter campaign, lists its sign-up as waiting for confirmation, and unsubscribes it', {
    timeout: 60_000,
  }, async () => {
    // Prepare: signed in by the test before
    const page = openedPage();
    const api = inject('apiUrl');

    // Act: a campaign, then a sign-up through the storefront's route
    await page.goto(`${api}/admin/newsletters`);
    await page.getByLabel('Name').fill('Winter letter');
    await page.getByLabel('Identifier (unique in the shop)').fill('winter-letter');
    await page.getByLabel('Subject').fill('Snow on the trail');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Winter letter' }).waitFor();
    const campaignId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    const signUp = await call(`/${shop}/newsletter-campaigns/${campaignId}/subscribers`, {
      method: 'POST',
      token: tokenFor(shop, ['products_read']),
      body: { email: 'ada@example.com', name: 'Ada' },
    });
    await page.reload();
    await page.getByRole('cell', { name: 'ada@example.com', exact: true }).waitFor();
    const row = await page.locator('table.subscribers tbody tr').first().innerText();
    const violations = await seriousViolations(page);
    await page.screenshot({ path: join(CONSOLE_OUTPUT, 'console-newsletter.png') });
    await page.getByRole('button', { name: 'Remove ada@example.com' }).click();
    await page.getByText('ada@example.com removed.').waitFor();
    await page.getByRole('cell', { name: 'Unsubscribed' }).waitFor();
    const left = await call(`/${shop}/newsletter-campaigns/${campaignId}/subscribers`);

    // Assess
    expect([200, 201, 202, 204]).toContain(signUp.status);
    expect(row).toMatch(/ada@example\.com\s+Ada\s+(Waiting for confirmation|Subscribed)/);
    expect(left.body.items).toEqual([
      expect.objectContaining({ email: 'ada@example.com', subscribed: false, pending: false }),
    ]);
    expect(violations).toEqual([]);
  });
});
