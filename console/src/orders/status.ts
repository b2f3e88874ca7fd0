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

/** The status steps the order screen sets, in the order its buttons show. */
export const ORDER_ACTIONS = [
  'paidOn',
  'dispatchedOn',
  'deliveredOn',
  'returnedOn',
  'closedOn',
  'rejectedOn',
] as const satisfies readonly OrderStep[];
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * The actions worth offering now (docs/orders.md "PATCH /orders/{o}"; the API has the last word and
 * its refusal is said in words): none once rejected or closed; paid until paid; dispatched until
 * dispatched or delivered; delivered once dispatched; returned once shipped; closed once paid and
 * delivered or returned; rejected only before anything was shipped.
 */
export function availableActions(order: Partial<Record<OrderStep, string | null>>): OrderAction[] {
  if (order.rejectedOn || order.closedOn) return [];
  const shipped = Boolean(order.dispatchedOn || order.deliveredOn);
  const open: Record<OrderAction, boolean> = {
    paidOn: !order.paidOn,
    dispatchedOn: !shipped,
    deliveredOn: Boolean(order.dispatchedOn) && !order.deliveredOn,
    returnedOn: shipped && !order.returnedOn,
    closedOn: Boolean(order.paidOn) && Boolean(order.deliveredOn || order.returnedOn),
    rejectedOn: !shipped,
  };
  return ORDER_ACTIONS.filter((action) => open[action]);
}
