import { type Catalog, localize } from './catalog/catalog';
import type { ShopShippingMethod } from './catalog/catalog-types';
import { money, parseMoney } from './money/money';

/**
 * The Shipping method resource of the spec, in a locale and currency; `price` is null for methods
 * priced per cart (or without a price in that currency). One shape for the list and the single method.
 */
export function shippingMethodView(
  catalog: Catalog,
  method: ShopShippingMethod,
  locale: string,
  currency: string,
) {
  const { taxModel } = catalog.settings;
  const price = method.price?.[currency];
  return {
    shippingMethodId: method.shippingMethodId,
    name: localize(catalog, method.name, locale),
    description: localize(catalog, method.description, locale),
    logo: method.logo,
    price: price === undefined ? null : money(parseMoney(price, currency), currency, locale, taxModel.model),
  };
}
