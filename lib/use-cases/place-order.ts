import { getCart } from '../data/cart-repository';
import { requireCatalog } from '../data/catalog-repository';
import { endHold, settleOrderedHold } from '../data/inventory/end-hold';
import { HoldLost } from '../data/inventory/stock-holds';
import { type CheckoutIdentity, placeOrder as storeOrder } from '../data/place-order';
import type { CartRecord } from '../domain/cart';
import { priceCart } from '../domain/cart-pricing';
import { CartOrdered, ConcurrentChange, type FieldError, RefusedInput } from '../domain/errors';
import { goneLine, stockDemands } from '../domain/inventory/stock-demand';
import type { ViewContext } from '../domain/links';
import type { OrderRecord } from '../domain/order';
import { buildOrder } from '../domain/order-builder';
import type { CartWrite } from './change-cart';
import { holdStock } from './inventory/hold-stock';

/**
 * Turns the cart into an order (contract "Orders"): refused without a billing address, without
 * line items or below the minimum cart. The order is priced once, now, and frozen in the cart's
 * locale (`view` gives its links); the cart becomes the order atomically (lib/data/place-order.ts),
 * after which every change of the cart is CartOrdered. Tracked products' stock is set aside first
 * and kept only with the order (merchant-api.md "Checkout takes stock: all or nothing"): a short
 * line refuses the checkout with OutOfStock, and a checkout that fails gives its stock back.
 */
export async function placeOrder(
  input: Pick<CartWrite, 'cart' | 'catalogVersion'> & { view: (locale: string) => ViewContext },
): Promise<{ order: OrderRecord }> {
  const { cart } = input;
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
  const build = (current: CartRecord, identity: CheckoutIdentity) =>
    buildOrder(current, catalog, ctx, identity, new Date().toISOString());
  const { demands, gone } = stockDemands(cart.lineItems, catalog.products);
  // Carts without tracked products cost what they always did: no hold, no shard.
  if (demands.length === 0 && gone.length === 0) return { order: await storeOrder(cart, build) };
  for (let round = 1; ; round++) {
    const hold = await holdStock(cart.shopId, cart.cartId, demands, gone.map(goneLine)).catch(
      // Racing attempts at one cart end each other's holds: the one that ordered makes the rest 410.
      async (error: unknown) => {
        if (
          error instanceof ConcurrentChange &&
          (await getCart(cart.shopId, cart.cartId))?.status === 'ordered'
        )
          throw new CartOrdered();
        throw error;
      },
    );
    try {
      const order = await storeOrder(cart, build, hold);
      // Only bookkeeping is left (the units stay taken); what fails here the sweeper clears.
      await settleOrderedHold(hold).catch(() => undefined);
      return { order };
    } catch (error) {
      // No order (or none we know of): the stock goes back, unless the order was written after all.
      await endHold(hold);
      if (!(error instanceof HoldLost)) throw error;
      if (round === MAX_HOLD_ROUNDS)
        throw new ConcurrentChange('Another checkout of this cart is in progress: try again');
    }
  }
}

/** Holds lost to a racing attempt at the same cart (or the sweeper) before giving up. */
const MAX_HOLD_ROUNDS = 3;
