import { NotFoundError } from '../errors';
import { stockShown } from '../inventory/live-stock';
import { link, type ViewContext } from '../links';
import { type Minor, money, parseMoney } from '../money/money';
import type { Catalog } from './catalog';
import { projectionOf } from './catalog-projection';
import type { ShopProduct } from './catalog-types';

/**
 * GET /products/{p}/lowest-price (docs/catalog.md "Product detail, variations, cross-selling"): the lowest
 * price among a master's variations that can be bought now (visible, for sale, not OutStock by live stock)
 * and have a price of their own in the currency, with a link to that variation; a tie goes to the first in
 * variation order. NotFoundError (404) when none has, regular products and variations included.
 */
export function lowestPrice(catalog: Catalog, master: ShopProduct, currency: string, ctx: ViewContext) {
  const projection = projectionOf(catalog);
  const index = projection.indexOf.get(master.productId);
  let best: { variation: ShopProduct; price: Minor } | undefined;
  for (const i of index === undefined || master.masterId !== null
    ? []
    : (projection.variationsOf.get(index) ?? [])) {
    const variation = catalog.products.get(projection.productIds[i] as string);
    const own = variation?.prices[currency]?.price;
    if (!variation || own === undefined || !variation.visible || !variation.forSale) continue;
    if (stockShown(variation, catalog.stock).availability === 'OutStock') continue;
    const price = parseMoney(own, currency);
    if (!best || price < best.price) best = { variation, price };
  }
  if (!best) throw new NotFoundError('Lowest price');
  const { variation, price } = best;
  return {
    priceInfo: {
      quantity: { amount: variation.priceQuantity, unit: variation.orderUnit },
      price: money(price, currency, ctx.locale, catalog.settings.taxModel.model),
    },
    links: [link(ctx, 'product', 'products', variation.productId)],
  };
}
