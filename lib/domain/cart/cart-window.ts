/** GET /carts (docs/carts-and-orders.md): createdAfter / createdBefore span at most 30 days. */
export const CART_LIST_WINDOW_MS = 30 * 24 * 3600 * 1000;

const EARLIEST = Date.parse('0000-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * The creation-time range of a cart listing: only createdAfter → [after, after + 30 days]; only
 * createdBefore → [before − 30 days, before]; both → as given, if at most 30 days apart; none → all.
 * Returns an error text for a range GET /carts refuses.
 */
export function cartListWindow(
  createdAfter?: string,
  createdBefore?: string,
): { from?: string; to?: string } | string {
  // Clamped to the years 0000-9999: beyond them ISO text ("+010000-...") no longer sorts with the
  // stored creation times, and DynamoDB refuses the inverted range (a 500).
  const shift = (iso: string, ms: number) =>
    new Date(Math.min(LATEST, Math.max(EARLIEST, Date.parse(iso) + ms))).toISOString();
  if (createdAfter && createdBefore) {
    const span = Date.parse(createdBefore) - Date.parse(createdAfter);
    if (span < 0) return 'createdAfter must not be later than createdBefore';
    if (span > CART_LIST_WINDOW_MS) return 'createdAfter and createdBefore may be at most 30 days apart';
    return { from: createdAfter, to: createdBefore };
  }
  if (createdAfter) return { from: createdAfter, to: shift(createdAfter, CART_LIST_WINDOW_MS) };
  if (createdBefore) return { from: shift(createdBefore, -CART_LIST_WINDOW_MS), to: createdBefore };
  return {};
}
