import { LocaleParam, paging } from './common';
import * as z from './zod';

/** Schemas of the watcher operations (docs/inventory.md "Watchers"). */

/** An address of at most 254 characters (the longest an SMTP path carries). */
export const MAX_WATCHER_EMAIL_LENGTH = 254;

/** POST /products/{p}/watchers: the address to tell when the product is back. */
export const AddWatcherBody = z.lazy(() =>
  z.strictObject({
    emailAddress: z.email('expected an e-mail address').check(z.maxLength(MAX_WATCHER_EMAIL_LENGTH)),
  }),
);

/** GET /watched-products: the usual paging, names in `locale`. */
export const ListWatchedProductsQuery = z.lazy(() => z.object({ ...paging(), locale: LocaleParam }));

/** GET /products/{p}/watchers: the contract's paging. */
export const ListProductWatchersQuery = z.lazy(() => z.object({ ...paging() }));
