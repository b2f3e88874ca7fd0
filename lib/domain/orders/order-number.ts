import type { FieldError } from '../errors';
import type { OrderRecord } from './order';

/**
 * Order numbers a merchant sets (docs/orders.md "Order numbers"). Checkout numbers its orders from
 * the shop's counter with digits only ("10001"), handed out in blocks and never guarded item by item
 * (lib/data/counters.ts), so a number of digits only may be an existing order's or a later checkout's:
 * it counts as taken, but for the order that got it from checkout. Any other number is unique by a
 * guard item written with the change (lib/data/orders/order-writes.ts).
 */
export function isCheckoutNumber(orderNumber: string): boolean {
  return /^\d+$/.test(orderNumber);
}

/** The 409 entry when `order` may not take `orderNumber` for the checkout's reason above; else null. */
export function orderNumberRefusal(order: OrderRecord, orderNumber: string): FieldError | null {
  const own = order.checkoutNumber ?? order.orderNumber;
  if (!isCheckoutNumber(orderNumber) || orderNumber === own) return null;
  return {
    field: '/orderNumber',
    message: `Order number ${orderNumber} is taken: numbers of digits only belong to the checkout's sequence (use a letter or a sign, e.g. R-${orderNumber})`,
  };
}

/** The 409 entry of a number another order holds. */
export function orderNumberTaken(orderNumber: string): FieldError {
  return { field: '/orderNumber', message: `Order number ${orderNumber} is taken` };
}
