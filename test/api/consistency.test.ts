import { describe, expect, it } from 'vitest';
import { checkConsistency } from '../support/consistency';
import { useLocalTable } from '../support/local-env';

/**
 * After every API test and the fuzz (the slow group, last): the data they left in the twin's table
 * holds the invariants of test/support/consistency.ts: the carts of `demo` and of the fuzz's shops
 * load and price, every shop's orders add up, and order and document numbers have no repeats or gaps.
 */

/** The shops whose carts are checked: the demo shop and the fuzz's private copies of it. */
const isCartShop = (shopId: string) => shopId === 'demo' || shopId.startsWith('fuzz-');

describe('the data the tests left', () => {
  it('is consistent: carts load and price, orders add up, numbers have no gaps', async () => {
    // Act
    useLocalTable();
    const report = await checkConsistency(isCartShop);

    // Assess
    console.log(
      `consistency: ${report.carts} carts, ${report.orders} orders and ${report.documents} documents in ${report.shops.length} shops`,
    );
    expect(report.problems, report.problems.join('\n')).toEqual([]);
    expect(report.carts).toBeGreaterThan(0);
  }, 180_000);
});
