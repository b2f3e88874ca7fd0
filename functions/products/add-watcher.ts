import { endpoint } from '../../lib/http/endpoint';
import { accepted } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ProductPath } from '../../lib/schemas/products';
import { AddWatcherBody } from '../../lib/schemas/watchers';
import { addWatcher } from '../../lib/use-cases/inventory/add-watcher';

/**
 * POST /{shopId}/products/{productId}/watchers: a storefront signs an address up for a sold-out
 * product (docs/inventory.md "Watchers"): 202 with the address as sent, whether it was new or already
 * watching, so the answer never tells who else signed up; 409 when the product is not OutStock; 404
 * when unknown or invisible.
 */
export const handler = endpoint(
  routes.addWatcher,
  { path: ProductPath, body: AddWatcherBody },
  async (req) => {
    const { watcher } = await addWatcher({
      shopId: req.shopId,
      productId: req.path.productId,
      emailAddress: req.body.emailAddress,
    });
    return accepted({ productId: watcher.productId, emailAddress: req.body.emailAddress });
  },
);
