import { CurrencyParam, LocaleParam, PathId, ShopId } from './common';
import * as z from './zod';

/** Schemas of the single shipping method (the target of the `shipping-method` links of carts and orders). */
export const ShippingMethodPath = z.lazy(() => z.object({ shopId: ShopId, shippingMethodId: PathId }));
/** `currency` as for the list (beyond the spec): the method's price in that currency. */
export const GetShippingMethodQuery = z.lazy(() =>
  z.object({ locale: LocaleParam, currency: CurrencyParam }),
);
