/** The order's status timestamps in the order they usually happen (the timeline's order). */
export const ORDER_STEPS = [
  'viewedOn',
  'pendingOn',
  'inProcessOn',
  'partiallyPaidOn',
  'paidOn',
  'partiallyInvoicedOn',
  'invoicedOn',
  'readyForDispatchOn',
  'partiallyDispatchedOn',
  'dispatchedOn',
  'deliveredOn',
  'returnedOn',
  'rejectedOn',
  'closedOn',
  'archivedOn',
] as const;

export type OrderStep = (typeof ORDER_STEPS)[number];

/** The set timestamps of an order, oldest first (ties keep the usual order). */
export function timeline(
  order: Partial<Record<OrderStep, string | null>>,
): { step: OrderStep; at: string }[] {
  return ORDER_STEPS.flatMap((step) => {
    const at = order[step];
    return at ? [{ step, at }] : [];
  }).sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * What a merchant reads first in a list: the end state when there is one (rejected, closed,
 * returned), else delivery progress, each with whether it is paid.
 */
export function statusLabels(order: Partial<Record<OrderStep, string | null>>): (OrderStep | 'unpaid')[] {
  for (const final of ['rejectedOn', 'closedOn', 'returnedOn'] as const) if (order[final]) return [final];
  const paid = order.paidOn ? 'paidOn' : 'unpaid';
  const shipped = (['deliveredOn', 'dispatchedOn', 'partiallyDispatchedOn'] as const).find((s) => order[s]);
  return shipped ? [paid, shipped] : [paid];
}

/** The two actions of this screen: whether each may be offered now. */
export function availableActions(
  order: Partial<Record<OrderStep, string | null>>,
): ('paidOn' | 'dispatchedOn')[] {
  if (order.rejectedOn || order.closedOn) return [];
  const actions: ('paidOn' | 'dispatchedOn')[] = [];
  if (!order.paidOn) actions.push('paidOn');
  if (!order.dispatchedOn && !order.deliveredOn) actions.push('dispatchedOn');
  return actions;
}
