import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { LineItemPath, UpdateLineItemBody } from '../../lib/schemas/carts';
import { updateLineItem } from '../../lib/use-cases/cart/update-line-item';

/** PUT /{shopId}/carts/{cartId}/line-items/{lineItemId} {quantity}: sets a line's quantity → 200 Cart. */
export const handler = endpoint(
  routes.updateLineItem,
  { path: LineItemPath, body: UpdateLineItemBody },
  async (req) => {
    const { cart, catalog } = await updateLineItem({
      ...cartWrite(req),
      lineItemId: req.path.lineItemId,
      quantity: req.body.quantity,
    });
    return cartReply(200, cart, catalog, req);
  },
);
