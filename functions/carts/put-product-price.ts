import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { amountInput } from '../../lib/http/money-input';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { LineItemPath, ProductPriceBody } from '../../lib/schemas/carts';

/**
 * PUT /{shopId}/carts/{cartId}/line-items/{lineItemId}/product-price {singleItemPrice}
 * (carts_price_write): the line's unit price, in the cart's tax type, wins over catalog and bulk prices.
 */
export const handler = endpoint(
  routes.putProductPrice,
  { path: LineItemPath, body: ProductPriceBody },
  async (req) => {
    const catalog = await requireCatalog(req.shopId, req.catalogVersion);
    const price = amountInput(req.body.singleItemPrice, req.cart.currency, 'singleItemPrice');
    const cart = await changeCart(req, (current) => {
      if (!current.lineItems.some((l) => l.lineItemId === req.path.lineItemId))
        throw new NotFound('Line item not found');
      return {
        ...current,
        lineItems: current.lineItems.map((l) =>
          l.lineItemId === req.path.lineItemId ? { ...l, priceOverride: price } : l,
        ),
      };
    });
    return cartReply(200, cart, catalog, req);
  },
);
