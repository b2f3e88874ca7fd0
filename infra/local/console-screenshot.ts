/**
 * `npm run console:screenshot`: the README's picture of the merchant console's home screen
 * (docs/img/console-home.jpg, a JPEG of about 50 KB), made on a twin of its own: the demo shop with a
 * few orders placed through the API, the local sign-in, the home screen once its chart is drawn.
 * Needs chromium (`npm test`'s pretest installs it where it may; else CHROMIUM_PATH).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CART_TOKEN_HEADER } from '../../lib/http/middleware/cart-token';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { chromiumPath } from '../test-tools';
import { issueDevToken, repoRoot } from './dev-issuer';
import { RETURNING_BUYER_BILLING } from './seed/returning-buyer';
import { startTwin } from './twin';

const SHOP = 'demo';
const OUT = join(repoRoot, 'docs/img/console-home.jpg');
/** What the demo's customers bought this morning: product and quantity per order. */
const ORDERS: [string, number][] = [
  ['espresso-beans', 2],
  ['trail-mix', 3],
  ['espresso-beans', 1],
];

async function main(): Promise<void> {
  const browserPath = chromiumPath();
  if (!browserPath)
    throw new Error('chromium is missing: `apt-get install -y chromium` or set CHROMIUM_PATH');
  // The twin's request lines (and their metrics) would bury the one line this prints.
  process.env.LOG_LEVEL ??= 'warn';
  process.env.METRICS ??= 'off';
  const twin = await startTwin({ port: 0, quiet: true, shortLived: true });
  try {
    const token = issueDevToken(SHOP);
    for (const [productId, quantity] of ORDERS) await placeOrder(twin.url, token, productId, quantity);
    const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
      await page.goto(`${twin.url}/admin/`);
      await page.getByLabel('Shop').fill(SHOP);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('.chart svg').waitFor({ timeout: 15_000 });
      mkdirSync(dirname(OUT), { recursive: true });
      await page.screenshot({ path: OUT, type: 'jpeg', quality: 70 });
      process.stdout.write(`wrote ${OUT}\n`);
    } finally {
      await browser.close();
    }
  } finally {
    await twin.stop();
  }
}

/** A cart of one line, with the returning buyer's billing address, checked out. */
async function placeOrder(base: string, token: string, productId: string, quantity: number) {
  const headers = {
    Authorization: `Bearer ${token}`,
    Accept: MEDIA_TYPE_V1,
    'Content-Type': 'application/json',
  };
  const created = await fetch(`${base}/${SHOP}/carts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ lineItems: [{ productId, quantity }] }),
  });
  if (created.status !== 201) throw new Error(`POST /carts: ${created.status} ${await created.text()}`);
  const { cartId } = (await created.json()) as { cartId: string };
  const cart = { ...headers, [CART_TOKEN_HEADER]: created.headers.get(CART_TOKEN_HEADER) ?? '' };
  const billing = await fetch(`${base}/${SHOP}/carts/${cartId}/billing-address`, {
    method: 'PUT',
    headers: cart,
    body: JSON.stringify(RETURNING_BUYER_BILLING),
  });
  if (billing.status !== 200)
    throw new Error(`PUT billing-address: ${billing.status} ${await billing.text()}`);
  const ordered = await fetch(`${base}/${SHOP}/carts/${cartId}/order`, { method: 'POST', headers: cart });
  if (ordered.status !== 201) throw new Error(`POST order: ${ordered.status} ${await ordered.text()}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`console:screenshot failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
