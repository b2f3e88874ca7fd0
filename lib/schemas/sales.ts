import { Instant, PathId, QueryBoolean } from './common';
import * as z from './zod';

/**
 * GET /sales (docs/orders.md "Sales figures"): the range and an optional product; `perDay` adds the
 * figures of each day of `timeZone` (IANA name, default UTC; checked by the handler against Intl).
 */
export const GetSalesQuery = z.lazy(() =>
  z.object({
    createdAfter: z.optional(Instant),
    createdBefore: z.optional(Instant),
    productId: z.optional(PathId),
    perDay: QueryBoolean,
    timeZone: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
);
