import { stockLevel } from './stock';

/**
 * The stock events (docs/inventory.md "Events"): one ProductStockChanged per change of a tracked
 * product's level, and the crossings (low, sold out, back in stock), each raised once per crossing:
 * they compare the level before and after one change, so stock that stays low raises nothing more.
 * Levels here are product totals in integer thousandths; the events carry them as decimals.
 */

/** Why stock moved (ProductStockChanged.reason); every writer of a shard names one. */
export const STOCK_REASONS = ['order', 'patch', 'cancellation', 'import'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** What a stock write says about itself: its reason and the order it belongs to, if known. */
export interface StockCause {
  reason: StockReason;
  orderId: string | null;
}

export interface ProductStockChanged {
  type: 'ProductStockChanged';
  time: string;
  detail: {
    shopId: string;
    productId: string;
    productNumber: string;
    oldStocklevel: number;
    stocklevel: number;
    reason: StockReason;
    orderId: string | null;
  };
}

export interface ProductStockLow {
  type: 'ProductStockLow';
  time: string;
  detail: { shopId: string; productId: string; stocklevel: number; minStocklevel: number };
}

export interface ProductSoldOut {
  type: 'ProductSoldOut';
  time: string;
  detail: { shopId: string; productId: string; stocklevel: number };
}

export interface ProductBackInStock {
  type: 'ProductBackInStock';
  time: string;
  /**
   * `clearedOn` names the clearing of the product's watchers this comeback makes (the event's
   * time): the STOCK_BACK webhook reads their addresses by it, off the bus (addresses never ride in
   * a domain event).
   */
  detail: { shopId: string; productId: string; stocklevel: number; watchers: number; clearedOn: string };
}

export type StockEvent = ProductStockChanged | ProductStockLow | ProductSoldOut | ProductBackInStock;

/** One change of a product's total level, with what the catalog says of the product. */
export interface StockMove {
  shopId: string;
  productId: string;
  productNumber: string;
  /** minStocklevel in integer thousandths; null = no minimum. */
  minUnits: number | null;
  oldUnits: number;
  newUnits: number;
  cause: StockCause;
  /** When the change was written (ISO 8601): the events' time. */
  time: string;
}

/** Whether a move brings a product back (from ≤ 0 to > 0): the caller then counts its watchers. */
export function comesBack(move: Pick<StockMove, 'oldUnits' | 'newUnits'>): boolean {
  return move.oldUnits <= 0 && move.newUnits > 0;
}

/**
 * The events of one move: nothing when the level did not change, else ProductStockChanged and at
 * most one crossing. `watchers` is the watcher count to announce when the product comes back.
 */
export function stockEventsOf(move: StockMove, watchers = 0): StockEvent[] {
  const { shopId, productId, oldUnits, newUnits, minUnits, time } = move;
  if (oldUnits === newUnits) return [];
  const stocklevel = stockLevel(newUnits);
  const events: StockEvent[] = [
    {
      type: 'ProductStockChanged',
      time,
      detail: {
        shopId,
        productId,
        productNumber: move.productNumber,
        oldStocklevel: stockLevel(oldUnits),
        stocklevel,
        reason: move.cause.reason,
        orderId: move.cause.orderId,
      },
    },
  ];
  if (oldUnits > 0 && newUnits <= 0) {
    events.push({ type: 'ProductSoldOut', time, detail: { shopId, productId, stocklevel } });
  } else if (comesBack(move)) {
    events.push({
      type: 'ProductBackInStock',
      time,
      detail: { shopId, productId, stocklevel, watchers, clearedOn: time },
    });
  } else if (minUnits !== null && oldUnits > minUnits && newUnits <= minUnits && newUnits > 0) {
    events.push({
      type: 'ProductStockLow',
      time,
      detail: { shopId, productId, stocklevel, minStocklevel: stockLevel(minUnits) },
    });
  }
  return events;
}
