import { requireCatalog } from '../../data/catalog/catalog-repository';
import { getOrder } from '../../data/orders/order-repository';
import { type CartRecord, orderedWithKey } from '../../domain/cart/cart';
import { priceCart } from '../../domain/cart/cart-pricing';
import { CartOrdered, type FieldError, RefusedInput } from '../../domain/errors';
import type { ViewContext } from '../../domain/links';
import type { OrderRecord } from '../../domain/orders/order';
import { buildOrder } from '../../domain/orders/order-builder';
import type { CartWrite } from '../cart/change-cart';
import { orderWithStock } from '../inventory/order-with-stock';

/**
 * Turns the cart into an order (docs/carts-and-orders.md "Checkout"): refused without a billing address,
 * without line items or below the minimum cart. The order is priced once, now, and frozen in the cart's
 * locale (`view` gives its links); the cart becomes the order atomically (lib/data/orders/place-order.ts),
 * after which every change of the cart is CartOrdered. Tracked products' stock is taken with the
 * order, all or nothing (./inventory/order-with-stock.ts).
 *
 * `checkoutKeyHash` (the hash of the request's Idempotency-Key, beyond the spec) is stored on the
 * ordered cart: the whole of the checkout's idempotency, no answer is stored apart. A cart ordered
 * under that same key is this checkout's own earlier attempt (answered, lost to a timeout, or still
 * running beside this one and done first): its order is returned, `replayed`, instead of
 * CartOrdered, and nothing is written.
 */
export async function placeOrder(
  input: Pick<CartWrite, 'cart' | 'catalogVersion'> & {
    view: (locale: string) => ViewContext;
    checkoutKeyHash?: string;
  },
): Promise<{ order: OrderRecord; replayed: boolean }> {
  const { cart } = input;
  if (cart.status === 'ordered') {
    return { order: await orderOfCheckout(cart, input.checkoutKeyHash), replayed: true };
  }
  const catalog = await requireCatalog(cart.shopId, input.catalogVersion);
  const problems: FieldError[] = [];
  if (!cart.billingAddress)
    problems.push({ field: 'billingAddress', message: 'The cart has no billing address' });
  if (cart.lineItems.length === 0)
    problems.push({ field: 'lineItems', message: 'The cart has no line items' });
  else if (!priceCart(cart, catalog).minimumCartReached) {
    problems.push({ field: 'minimumCart', message: 'The cart is below the minimum order value' });
  }
  if (problems.length > 0) throw new RefusedInput('The cart cannot be ordered', problems);

  const ctx = input.view(cart.locale);
  // One clock for the order's prices and its coupon's use: a campaign ending meanwhile cannot split them.
  const now = new Date();
  try {
    const order = await orderWithStock(
      cart,
      catalog,
      (current, identity) => buildOrder(current, catalog, ctx, identity, now.toISOString()),
      now,
      input.checkoutKeyHash,
    );
    return { order, replayed: false };
  } catch (error) {
    // A racing checkout ordered the cart first: the same request sent twice gets its order.
    if (!(error instanceof CartOrdered) || !error.cart || input.checkoutKeyHash === undefined) throw error;
    return { order: await orderOfCheckout(error.cart, input.checkoutKeyHash), replayed: true };
  }
}

/**
 * The order of a cart ordered under this Idempotency-Key (hash); 410 for anyone else
 * (docs/carts-and-orders.md).
 */
async function orderOfCheckout(cart: CartRecord, keyHash: string | undefined): Promise<OrderRecord> {
  const order =
    orderedWithKey(cart, keyHash) && cart.orderId ? await getOrder(cart.shopId, cart.orderId) : null;
  if (!order) throw new CartOrdered();
  return order;
}
