import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { AddLineItemBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';
import { addLineItem } from '../../lib/use-cases/cart/add-line-item';

/**
 * POST /{shopId}/carts/{cartId}/line-items: adds a product, or raises the quantity of its line
 * (docs/carts-and-orders.md "Carts and checkout"). 400 names the product when it cannot be bought in that
 * quantity.
 */
export const handler = endpoint(
  routes.addLineItem,
  { path: CartPath, body: AddLineItemBody },
  async (req) => {
    const { cart, catalog } = await addLineItem({ ...cartWrite(req), item: req.body });
    return cartReply(201, cart, catalog, req);
  },
);
