import { Instant, PathId } from './common';
import * as z from './zod';

/** GET /sales (docs/orders.md "Sales figures"): the range and an optional product. */
export const GetSalesQuery = z.lazy(() =>
  z.object({
    createdAfter: z.optional(Instant),
    createdBefore: z.optional(Instant),
    productId: z.optional(PathId),
  }),
);
