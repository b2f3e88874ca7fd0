import { requireCatalog } from '../../lib/data/catalog-repository';
import { placeOrder } from '../../lib/data/place-order';
import { priceCart } from '../../lib/domain/cart-pricing';
import { buildOrder } from '../../lib/domain/order-builder';
import { orderView } from '../../lib/domain/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest, type FieldError } from '../../lib/http/errors';
import { created } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CartPath } from '../../lib/schemas/common';

/**
 * POST /{shopId}/carts/{cartId}/order (orders_write) → 201 Order. 400 without a billing address,
 * without line items or below the minimum cart (contract). The cart becomes the order atomically:
 * afterwards every request on the cart answers 410.
 */
export const handler = endpoint(routes.createOrder, { path: CartPath }, async (req) => {
  const catalog = await requireCatalog(req.shopId, req.catalogVersion);
  const problems: FieldError[] = [];
  if (!req.cart.billingAddress)
    problems.push({ field: 'billingAddress', message: 'The cart has no billing address' });
  if (req.cart.lineItems.length === 0)
    problems.push({ field: 'lineItems', message: 'The cart has no line items' });
  else if (!priceCart(req.cart, catalog).minimumCartReached) {
    problems.push({ field: 'minimumCart', message: 'The cart is below the minimum order value' });
  }
  if (problems.length > 0) throw new BadRequest('The cart cannot be ordered', problems);

  const ctx = req.view(req.cart.locale);
  const order = await placeOrder(req.cart, (cart, identity) =>
    buildOrder(cart, catalog, ctx, identity, new Date().toISOString()),
  );
  return created(orderView(order, ctx), { ...NO_STORE, Location: `/${req.shopId}/orders/${order.orderId}` });
});
