import type { FieldError } from '../errors';

/**
 * The range of GET /sales (docs/orders.md "Sales figures"): none → the 30 days up to now (the
 * next whole second); only
 * createdAfter → 30 days from it; only createdBefore → the 30 days before it. Out of order or more
 * than a year apart: field errors (400). Times are ISO 8601 UTC, validated by the query schema.
 */

export const DEFAULT_SALES_DAYS = 30;
const DAY_MS = 86_400_000;

export type SalesRange = { after: number; before: number };

/** The range in epoch ms, or the errors naming the fields at fault. */
export function salesRange(
  query: { createdAfter?: string | undefined; createdBefore?: string | undefined },
  now: number,
): { range: SalesRange } | { errors: FieldError[] } {
  const span = DEFAULT_SALES_DAYS * DAY_MS;
  const given = {
    after: query.createdAfter === undefined ? undefined : Date.parse(query.createdAfter),
    before: query.createdBefore === undefined ? undefined : Date.parse(query.createdBefore),
  };
  // "Now" rounded up to the whole second: the same orders (none is created later), and a range of
  // whole seconds reads no millisecond periods (lib/domain/orders/sales-periods.ts).
  const upToNow = Math.ceil(now / 1000) * 1000;
  const before = given.before ?? (given.after === undefined ? upToNow : given.after + span);
  const after = given.after ?? before - span;
  if (after > before)
    return {
      errors: [{ field: 'createdAfter', message: 'createdAfter must not be later than createdBefore' }],
    };
  if (before > oneYearAfter(after))
    return {
      errors: [
        { field: 'createdBefore', message: 'createdBefore must be at most 1 year after createdAfter' },
      ],
    };
  return { range: { after, before } };
}

/** The same instant a calendar year later (29 February → 1 March). */
function oneYearAfter(at: number): number {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}
