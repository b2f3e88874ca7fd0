import { setLineQuantity } from '../../lib/domain/cart-lines';
import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest, NotFound } from '../../lib/http/errors';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { LineItemPath, UpdateLineItemBody } from '../../lib/schemas/carts';

/** PUT /{shopId}/carts/{cartId}/line-items/{lineItemId} {quantity}: sets a line's quantity → 200 Cart. */
export const handler = endpoint(
  routes.updateLineItem,
  { path: LineItemPath, body: UpdateLineItemBody },
  async (req) => {
    const catalog = await requireCatalog(req.shopId, req.catalogVersion);
    const cart = await changeCart(req, (current) => {
      const result = setLineQuantity(current.lineItems, req.path.lineItemId, req.body.quantity);
      if ('missing' in result) throw new NotFound('Line item not found');
      if ('problem' in result)
        throw new BadRequest('Invalid quantity', [{ field: 'quantity', message: result.problem }]);
      return { ...current, lineItems: result.lineItems };
    });
    return cartReply(200, cart, catalog, req);
  },
);
