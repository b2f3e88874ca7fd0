import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { LineItemPath } from '../../lib/schemas/carts';

/** DELETE /{shopId}/carts/{cartId}/line-items/{lineItemId} → 200 Cart without that line. */
export const handler = endpoint(routes.deleteLineItem, { path: LineItemPath }, async (req) => {
  const catalog = await requireCatalog(req.shopId, req.catalogVersion);
  const cart = await changeCart(req, (current) => {
    if (!current.lineItems.some((l) => l.lineItemId === req.path.lineItemId))
      throw new NotFound('Line item not found');
    return { ...current, lineItems: current.lineItems.filter((l) => l.lineItemId !== req.path.lineItemId) };
  });
  return cartReply(200, cart, catalog, req);
});
