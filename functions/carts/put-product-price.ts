import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { LineItemPath, ProductPriceBody } from '../../lib/schemas/carts';
import { setProductPrice } from '../../lib/use-cases/catalog/set-product-price';

/**
 * PUT /{shopId}/carts/{cartId}/line-items/{lineItemId}/product-price {singleItemPrice}
 * (carts_price_write): the line's unit price, in the cart's tax type, wins over catalog and bulk prices.
 */
export const handler = endpoint(
  routes.putProductPrice,
  { path: LineItemPath, body: ProductPriceBody },
  async (req) => {
    const { cart, catalog } = await setProductPrice({
      ...cartWrite(req),
      lineItemId: req.path.lineItemId,
      singleItemPrice: req.body.singleItemPrice,
    });
    return cartReply(200, cart, catalog, req);
  },
);
