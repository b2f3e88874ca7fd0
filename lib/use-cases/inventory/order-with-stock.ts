import { endHold, settleOrderedHold } from '../../data/inventory/end-hold';
import { HoldLost } from '../../data/inventory/stock-holds';
import { type CheckoutIdentity, placeOrder as storeOrder } from '../../data/orders/place-order';
import type { CartRecord } from '../../domain/cart/cart';
import type { Catalog } from '../../domain/catalog/catalog';
import { couponRedemption } from '../../domain/coupons/coupon-redemption';
import { ConcurrentChange } from '../../domain/errors';
import {
  goneLine,
  StockDemandChanged,
  sameStockDemand,
  stockDemands,
} from '../../domain/inventory/stock-demand';
import type { OrderRecord } from '../../domain/orders/order';
import { holdStock } from './hold-stock';

/** Rounds lost to a released hold or a cart changed meanwhile before giving up. */
const MAX_HOLD_ROUNDS = 3;

/**
 * Writes the order with the stock of its tracked products, all or nothing (docs/inventory.md
 * "A checkout, step by step"): the stock is set aside first (holdStock: a short line is OutOfStock)
 * and kept only if the order is written before anyone released the hold; a checkout that fails
 * gives it back. A racing checkout of the same cart holds too; the one that orders wins, and the
 * other meets the ordered cart (410) and gives its stock back. A cart changed during the checkout
 * so that it takes other stock starts the round again from its new lines. Carts without tracked
 * products cost what they always did: no hold, no shard. A coupon's use is counted in the order's
 * transaction (lib/data/orders/place-order.ts): a checkout that finds none left gives its stock back.
 */
export async function orderWithStock(
  cart: CartRecord,
  catalog: Catalog,
  build: (cart: CartRecord, identity: CheckoutIdentity) => OrderRecord,
  now: Date,
  checkoutKeyHash?: string,
): Promise<OrderRecord> {
  let current = cart;
  for (let round = 1; ; round++) {
    // Before any stock is set aside: a coupon whose campaign is gone is refused outright.
    const redemption = couponRedemption(current, catalog, now);
    const demand = stockDemands(current.lineItems, catalog.products, catalog.stock);
    // A cart changed meanwhile keeps this round only if it takes the same stock and redeems the same
    // code (or none): a coupon removed, or no longer applying, must not keep the use it was given.
    const redeemed = redemption?.code ?? null;
    const takesSameStock = (fresh: CartRecord) =>
      sameStockDemand(stockDemands(fresh.lineItems, catalog.products), demand) &&
      (couponRedemption(fresh, catalog, now)?.code ?? null) === redeemed;
    const hold =
      demand.demands.length === 0 && demand.gone.length === 0
        ? undefined
        : await holdStock(current.shopId, current.cartId, demand.demands, demand.gone.map(goneLine));
    try {
      const order = await storeOrder(current, build, checkoutKeyHash, hold, takesSameStock, redemption);
      // Only bookkeeping is left (the units stay taken); what fails here the sweeper clears.
      if (hold) await settleOrderedHold(hold, order.orderId);
      return order;
    } catch (error) {
      // No order (or none we know of): the stock goes back, unless the order was written after all.
      if (hold) await endHold(hold);
      if (error instanceof StockDemandChanged) current = error.cart;
      else if (!(error instanceof HoldLost)) throw error;
      if (round === MAX_HOLD_ROUNDS)
        throw new ConcurrentChange('Another checkout of this cart is in progress: try again');
    }
  }
}
