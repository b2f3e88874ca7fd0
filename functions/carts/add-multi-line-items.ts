import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { AddMultiLineItemsBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';
import { addLineItems } from '../../lib/use-cases/cart/add-line-items';

/**
 * POST /{shopId}/carts/{cartId}/multi-line-items [{productId, quantity}, ...] → 201 Cart with
 * `status`: Complete, or PartiallyComplete when some items were refused (docs/carts-and-orders.md "Carts and
 * checkout"). When none can be added: 400 naming each.
 */
export const handler = endpoint(
  routes.addMultiLineItems,
  { path: CartPath, body: AddMultiLineItemsBody },
  async (req) => {
    const { cart, catalog, refused } = await addLineItems({ ...cartWrite(req), items: req.body });
    return cartReply(201, cart, catalog, req, {
      body: { status: refused > 0 ? 'PartiallyComplete' : 'Complete' },
    });
  },
);
