import { newId } from '../../lib/data/ids';
import { addLines } from '../../lib/domain/cart-lines';
import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { AddLineItemBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';

/**
 * POST /{shopId}/carts/{cartId}/line-items: adds a product, or raises the quantity of its line
 * (contract "Carts"). 400 names the product when it cannot be bought in that quantity.
 */
export const handler = endpoint(
  routes.addLineItem,
  { path: CartPath, body: AddLineItemBody },
  async (req) => {
    const catalog = await requireCatalog(req.shopId, req.catalogVersion);
    const cart = await changeCart(req, (current) => {
      const { lineItems, problems } = addLines(catalog, current, [req.body], newId);
      if (problems.length > 0) {
        throw new BadRequest(
          'Invalid line item',
          problems.map((p) => ({ field: p.field, message: p.message })),
        );
      }
      return { ...current, lineItems };
    });
    return cartReply(201, cart, catalog, req);
  },
);
