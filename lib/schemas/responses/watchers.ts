import * as z from '../zod';
import { Links, pageOf } from './common';

/** Response schemas of the watcher operations (docs/inventory.md "Watchers"). */

/** The 202 of a sign-up: the product and the address as sent, nothing stored. */
export const ProductWatcher = z
  .strictObject({ productId: z.string(), emailAddress: z.string() })
  .register(z.globalRegistry, { id: 'ProductWatcher' });

export const WatchedProduct = z
  .strictObject({
    productId: z.string(),
    name: z.string(),
    productNumber: z.string(),
    watchers: z.int().check(z.minimum(1)),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'WatchedProduct' });

export const WatchedProductList = pageOf(WatchedProduct).register(z.globalRegistry, {
  id: 'WatchedProductList',
});
