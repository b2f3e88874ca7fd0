import type { FieldError } from '../errors';
import type { OrderRecord } from './order';
import { orderNumberRefusal } from './order-number';
import type { OrderChange } from './order-patch';
import { brokenRule, ruleError } from './order-rules';

/** An order patch applied: the order after it and the paths whose value changed, in order. */
export interface AppliedOrderPatch {
  order: OrderRecord;
  changedFields: string[];
  /** This patch sets rejectedOn for the first time: the order is cancelled (docs/orders.md). */
  rejects: boolean;
}

/**
 * Applies checked changes one after another, each against the state the earlier ones left
 * (docs/orders.md "The life of an order"): the first that breaks a transition rule or takes a number of the
 * checkout's refuses the whole patch (`refused`, nothing applied). An operation that changes nothing is never
 * refused, so a retried patch of what is already there passes. `now` becomes lastUpdatedOnDate when anything
 * changed.
 */
export function applyOrderChanges(
  before: OrderRecord,
  changes: readonly OrderChange[],
  now: string,
): AppliedOrderPatch | { refused: FieldError } {
  let order = before;
  const changed = new Set<string>();
  for (const change of changes) {
    if (sameValue(current(order, change), change.value)) continue;
    const rule = brokenRule(order, change);
    if (rule) return { refused: ruleError(change, rule) };
    if (change.kind === 'orderNumber') {
      const refusal = orderNumberRefusal(before, change.value);
      if (refusal) return { refused: refusal };
    }
    order = withChange(order, change);
    changed.add(`/${change.name}`);
  }
  if (changed.size === 0) return { order: before, changedFields: [], rejects: false };
  return {
    order: { ...order, updatedAt: now },
    changedFields: [...changed],
    rejects: !before.timestamps.rejectedOn && Boolean(order.timestamps.rejectedOn),
  };
}

function current(order: OrderRecord, change: OrderChange): unknown {
  return change.kind === 'timestamp' ? order.timestamps[change.name] : order[change.name];
}

function withChange(order: OrderRecord, change: OrderChange): OrderRecord {
  switch (change.kind) {
    case 'timestamp':
      return { ...order, timestamps: { ...order.timestamps, [change.name]: change.value } };
    case 'orderNumber':
      // The checkout's number is kept: only the order that had it may take it back.
      return {
        ...order,
        orderNumber: change.value,
        checkoutNumber: order.checkoutNumber ?? order.orderNumber,
      };
    default:
      return { ...order, [change.name]: change.value };
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
