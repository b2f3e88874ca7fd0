import { toDecimalString } from '../domain/money/money';
import type { OrderRecord } from '../domain/orders/order';
import { countEvent, currentRequest } from './request-telemetry';

/**
 * An order was placed (called once its transaction committed): OrdersPlaced, its value in the
 * order's currency (exact decimal text from the minor units), and CouponsRedeemed when a coupon
 * took money off it (a coupon whose conditions were not met stays on the order at zero).
 */
export function orderPlaced(order: OrderRecord): void {
  const request = currentRequest();
  if (!request) return;
  countEvent('OrdersPlaced');
  if (order.totals.coupon !== 0) countEvent('CouponsRedeemed');
  request.orderValue = {
    currency: order.currency,
    decimal: toDecimalString(order.totals.grandTotal, order.currency),
  };
}
