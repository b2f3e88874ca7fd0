import { endpoint } from '../../lib/http/endpoint';
import { created, ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { ProductPath } from '../../lib/schemas/products';
import { AddWatcherBody } from '../../lib/schemas/watchers';
import { addWatcher } from '../../lib/use-cases/inventory/add-watcher';

/**
 * POST /{shopId}/products/{productId}/watchers: a storefront signs an address up for a sold-out
 * product (merchant-api.md "Watchers"): 201 the first time, 200 with the first sign-up for the same
 * address again; 409 when the product is not OutStock; 404 when unknown or invisible.
 */
export const handler = endpoint(
  routes.addWatcher,
  { path: ProductPath, body: AddWatcherBody },
  async (req) => {
    const { watcher, created: isNew } = await addWatcher({
      shopId: req.shopId,
      productId: req.path.productId,
      emailAddress: req.body.emailAddress,
    });
    return isNew ? created(watcher) : ok(watcher);
  },
);
