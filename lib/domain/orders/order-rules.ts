import type { FieldError } from '../errors';
import type { OrderRecord } from './order';
import type { OrderChange } from './order-patch';

/**
 * The transition rules of an order (docs/orders.md "The life of an order"), checked for each
 * operation against the state the earlier ones left. Where two apply, the more specific one is
 * named: the rules about one field (REJECT_IS_FINAL, REJECT_AFTER_DISPATCH, CLOSE_REQUIREMENTS)
 * come before the general ORDER_FINAL.
 */
export const TRANSITION_RULES = {
  REJECT_IS_FINAL: 'rejectedOn cannot be removed: a rejection is final',
  REJECT_AFTER_DISPATCH:
    'rejectedOn cannot be set once dispatchedOn or deliveredOn is set; set returnedOn instead',
  CLOSE_REQUIREMENTS: 'closedOn needs paidOn, and deliveredOn unless the order has no shipping method',
  ORDER_FINAL: 'the order is rejected or closed: only /archivedOn and /internalNote change',
} as const;
export type TransitionRule = keyof typeof TRANSITION_RULES;

/** What still changes on a rejected or closed order (ORDER_FINAL). */
const FINAL_ORDER_PATHS: readonly string[] = ['archivedOn', 'internalNote'];

/** The rule an operation breaks on `order` as the earlier operations left it, or null. */
export function brokenRule(
  order: Pick<OrderRecord, 'timestamps' | 'shippingMethodId'>,
  change: OrderChange,
): TransitionRule | null {
  const t = order.timestamps;
  const setting = change.value !== null;
  if (change.name === 'rejectedOn' && !setting && t.rejectedOn) return 'REJECT_IS_FINAL';
  if (change.name === 'rejectedOn' && setting && (t.dispatchedOn || t.deliveredOn))
    return 'REJECT_AFTER_DISPATCH';
  if (
    change.name === 'closedOn' &&
    setting &&
    (!t.paidOn || (!t.deliveredOn && order.shippingMethodId !== null))
  )
    return 'CLOSE_REQUIREMENTS';
  if ((t.rejectedOn || t.closedOn) && !FINAL_ORDER_PATHS.includes(change.name)) return 'ORDER_FINAL';
  return null;
}

/** The 409 entry of a broken rule: the path, what the rule says, and its id. */
export function ruleError(change: OrderChange, rule: TransitionRule): FieldError {
  return { field: `/${change.name}`, message: TRANSITION_RULES[rule], rule };
}
