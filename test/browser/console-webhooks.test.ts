import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api';
import { usePage } from '../support/browser';
import { orderableCart } from '../support/carts';
import { screenRecorder, signInLocally } from '../support/console-session';
import { privateDemoShop } from '../support/shops';
import { startReceiver } from '../support/webhook-receiver';

/**
 * The console's webhooks in chromium over the real twin (docs/console.md "Webhooks"): a webhook to a
 * receiver on 127.0.0.1 added, its secret shown once (the one the deliveries are signed with), a test
 * sent and an order's ORDER_CREATE seen in the deliveries log, then deactivated. axe on each screen.
 */

const openedPage = usePage();
let shop: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  shop = await privateDemoShop('console-webhooks');
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

describe('the console’s webhooks', () => {
  it('adds a webhook showing its secret once, sends a test, logs an order’s delivery, and deactivates it', {
    timeout: 60_000,
  }, async () => {
    // Prepare
    const page = openedPage();
    const api = inject('apiUrl');
    const { violations, screen } = screenRecorder(page);
    await signInLocally(page, api, shop);

    // Act: add one for ORDER_CREATE (checked by default)
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByText('No webhook yet').waitFor();
    await page.getByLabel('Callback URL (HTTPS)').fill(receiver.url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { name: 'Signing secret: copy it now' }).waitFor();
    const secret = await page.getByLabel('Secret', { exact: true }).inputValue();
    await screen('webhooks');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    const secretGone = await page.getByLabel('Secret', { exact: true }).count();

    // Act: its page, a test, an order
    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test sent: delivered (HTTP 200)').waitFor();
    const cart = await orderableCart(shop);
    const order = await cart.call('/order', { method: 'POST' });
    await receiver.waitFor((r) => r.body.eventType === 'ORDER_CREATE');
    await page.getByRole('button', { name: 'Reload deliveries' }).click();
    await page.locator('table.deliveries td', { hasText: 'ORDER_CREATE' }).waitFor();
    const log = await page.locator('table.deliveries tbody').innerText();
    await screen('webhook');

    // Act: deactivated
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('heading', { name: 'Deactivated' }).waitFor();
    const stored = await call(`/${shop}/webhooks`);

    // Assess
    const ping = receiver.received.find((r) => r.body.eventType === 'PING');
    const timestamp = String(ping?.headers['x-service-webhook-timestamp']);
    const mac = createHmac('sha256', secret)
      .update(`${timestamp}.`)
      .update(ping?.raw ?? Buffer.alloc(0))
      .digest('base64');
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(secretGone).toBe(0);
    expect(ping?.headers['x-service-hmac-sha256']).toBe(mac);
    expect(order.status).toBe(201);
    expect(log).toMatch(/ORDER_CREATE\s+1\s+delivered \(HTTP 200\)/);
    expect(log).toMatch(/PING\s+1\s+delivered \(HTTP 200\)/);
    expect(stored.body.items).toEqual([
      expect.objectContaining({ callbackUrl: receiver.url, active: false }),
    ]);
    expect(violations).toEqual({ webhooks: [], webhook: [] });
  });
});
