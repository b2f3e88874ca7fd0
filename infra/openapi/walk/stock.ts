import type { Step } from './steps';

/**
 * Stock: the merchant sells out a product by PATCH (replace sets the level; add would be relative),
 * a shopper signs up to hear when it is back, the merchant lists the watched products and the
 * products whose stock changed since just before the PATCH.
 */
export async function walkStock(step: Step): Promise<void> {
  // Only what changes from here on: without `changedAfter` the list starts with the import's products,
  // whose order varies from run to run (several share a millisecond) and would change the example.
  // This clock may not be the server's: then the list holds more or less, still with status 200.
  const changedAfter = new Date(Date.now() - 1).toISOString();
  await step('patchProduct', 200, 'PATCH', '/products/gas-stove', [
    { op: 'replace', path: '/stocklevel', value: 0 },
  ]);
  await step('addWatcher', 202, 'POST', '/products/gas-stove/watchers', { emailAddress: 'ben@example.com' });
  await step('listWatchedProducts', 200, 'GET', '/watched-products');
  await step('listProductWatchers', 200, 'GET', '/products/gas-stove/watchers');
  const updated = `/products/updated/stocklevel?changedAfter=${encodeURIComponent(changedAfter)}`;
  await step('listUpdatedProducts', 200, 'GET', updated);
}
