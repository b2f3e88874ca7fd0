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

/** A watcher of GET /products/{p}/watchers: the address as sent; clearedOn null while it waits. */
export const ListedWatcher = z
  .strictObject({ emailAddress: z.string(), createdOn: z.string(), clearedOn: z.nullable(z.string()) })
  .register(z.globalRegistry, { id: 'ListedWatcher' });

export const ListedWatcherList = pageOf(ListedWatcher).register(z.globalRegistry, {
  id: 'ListedWatcherList',
});

export const WatchedProductList = pageOf(WatchedProduct).register(z.globalRegistry, {
  id: 'WatchedProductList',
});
