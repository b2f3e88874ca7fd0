import { chromium, type Page } from 'playwright-core';
import { importShop } from '../../lib/data/import-shop';
import { generateShopFile } from '../local/gen-catalog';
import { readShopFile } from '../local/import-file';
import { SEED_SHOPS } from '../local/twin';
import { chromiumPath } from '../test-tools';
import type { Child } from './child-process';
import { seedListedShop } from './scale-seed';
import { percentile, table } from './stats';

/**
 * `npm run bench:scale -- --parts console`: the merchant console's index screens in chromium over
 * the twin, in a shop of `size` orders and one of `size` products (docs/console.md "Budgets"). Each
 * screen is opened `samples` times; what counts is the time from the API answer's last byte (the
 * browser's resource timing of its call) to the page's rows on screen (polled every frame), both
 * on the page's own clock.
 */

/** The budget: a page of results on screen within 300 ms of its API answer. */
export const CONSOLE_RENDER_BUDGET_MS = 300;

export interface ConsoleRow {
  screen: string;
  size: number;
  /** The API answer's time on the wire (request start to last byte), p50. */
  answerP50: number;
  renderP50: number;
  renderMax: number;
  rows: number;
}

/** Each index screen, where it is and which API call fills it. */
const SCREENS = [
  { screen: 'orders', path: 'orders', call: /\/orders\?/ },
  { screen: 'products', path: 'products', call: /\/products(\?|$)/ },
] as const;

export async function measureConsoleScale(
  api: Child,
  size: number,
  samples: number,
  say: (line: string) => void,
): Promise<ConsoleRow[]> {
  const url = String(api.ready.url);
  const ordersShop = `console-orders${size}`;
  const productsShop = `console-products${size}`;
  say(`seeding ${ordersShop} (${size} orders) and ${productsShop} (${size} products)...`);
  await importShop(ordersShop, { ...(await readShopFile(SEED_SHOPS[0].file)), customers: [] });
  await seedListedShop(ordersShop, size, say, { carts: false, customers: false });
  await importShop(productsShop, generateShopFile({ products: size }));
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('chromium is missing: apt-get install -y chromium');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  const rows: ConsoleRow[] = [];
  try {
    for (const one of SCREENS) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      const shop = one.screen === 'orders' ? ordersShop : productsShop;
      await signIn(page, url, shop);
      const answers: number[] = [];
      const renders: number[] = [];
      let shown = 0;
      // One unrecorded load first: the bundle compiled, the API's index warm.
      for (let i = 0; i <= samples; i++) {
        const timing = await openScreen(page, `${url}/admin/${one.path}`, one.call);
        if (i === 0) continue;
        answers.push(timing.answer);
        renders.push(timing.render);
        shown = timing.rows;
      }
      await page.close();
      const row = {
        screen: one.screen,
        size,
        answerP50: percentile(answers, 50),
        renderP50: percentile(renders, 50),
        renderMax: Math.max(...renders),
        rows: shown,
      };
      rows.push(row);
      say(
        `  ${one.screen} at ${size}: answer p50 ${row.answerP50} ms, render p50 ${row.renderP50} ms, max ${row.renderMax} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The twin's local sign-in with every merchant scope, as a merchant would click it. */
async function signIn(page: Page, url: string, shop: string): Promise<void> {
  await page.goto(`${url}/admin/`);
  await page.getByLabel('Shop').fill(shop);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor({ timeout: 30_000 });
}

/** Opens a screen afresh; its API call's answer and its rows on the page's clock. */
async function openScreen(page: Page, address: string, call: RegExp) {
  await page.goto(address);
  // Strings, run in the page (this file is type-checked without the DOM's types).
  const renderedAt = Number(
    await (
      await page.waitForFunction(
        "document.querySelector('main tbody tr') !== null && performance.now()",
        null,
        {
          polling: 'raf',
          timeout: 30_000,
        },
      )
    ).jsonValue(),
  );
  const entries = (await page.evaluate(
    "performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd }))",
  )) as { name: string; start: number; end: number }[];
  const answer = entries.filter((e) => call.test(e.name)).at(-1);
  if (!answer) throw new Error(`no ${call} call seen on ${address}`);
  const rows = await page.locator('main tbody tr').count();
  return {
    answer: Math.round(answer.end - answer.start),
    render: Math.round(renderedAt - answer.end),
    rows,
  };
}

export function missedConsoleBudgets(rows: readonly ConsoleRow[]): string[] {
  return rows
    .filter((r) => r.renderP50 > CONSOLE_RENDER_BUDGET_MS || r.rows === 0)
    .map(
      (r) =>
        `console ${r.screen} at ${r.size}: rendered ${r.renderP50} ms after its answer (budget ${CONSOLE_RENDER_BUDGET_MS} ms), ${r.rows} rows`,
    );
}

export function consoleTable(rows: readonly ConsoleRow[]): string {
  return table(
    ['screen', 'size', 'answer p50 ms', 'render p50 ms', 'render max ms', 'rows'],
    rows.map((r) => [
      r.screen,
      String(r.size),
      String(r.answerP50),
      String(r.renderP50),
      String(r.renderMax),
      String(r.rows),
    ]),
  );
}
