import { newId } from '../../lib/data/ids';
import { addLines } from '../../lib/domain/cart-lines';
import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { AddMultiLineItemsBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';

/**
 * POST /{shopId}/carts/{cartId}/multi-line-items [{productId, quantity}, ...] → 201 Cart with
 * `status`: Complete, or PartiallyComplete when some items were refused (contract "Carts"). When
 * none can be added: 400 naming each.
 */
export const handler = endpoint(
  routes.addMultiLineItems,
  { path: CartPath, body: AddMultiLineItemsBody },
  async (req) => {
    const catalog = await requireCatalog(req.shopId, req.catalogVersion);
    let refused = 0;
    const cart = await changeCart(req, (current) => {
      const { lineItems, problems } = addLines(catalog, current, req.body, newId);
      if (problems.length === req.body.length) {
        throw new BadRequest(
          'No line item could be added',
          problems.map((p) => ({ field: `[${p.index}].${p.field}`, message: p.message })),
        );
      }
      refused = problems.length;
      return { ...current, lineItems };
    });
    return cartReply(201, cart, catalog, req, {
      body: { status: refused > 0 ? 'PartiallyComplete' : 'Complete' },
    });
  },
);
