import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { LineItemPath } from '../../lib/schemas/carts';
import { deleteLineItem } from '../../lib/use-cases/cart/delete-line-item';

/** DELETE /{shopId}/carts/{cartId}/line-items/{lineItemId} → 200 Cart without that line. */
export const handler = endpoint(routes.deleteLineItem, { path: LineItemPath }, async (req) => {
  const { cart, catalog } = await deleteLineItem({ ...cartWrite(req), lineItemId: req.path.lineItemId });
  return cartReply(200, cart, catalog, req);
});
