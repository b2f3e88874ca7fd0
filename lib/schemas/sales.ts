import { Instant, PathId } from './common';
import * as z from './zod';

/** GET /sales (merchant-api.md §3 "Sales report"): the range and an optional product. */
export const GetSalesQuery = z.lazy(() =>
  z.object({
    createdAfter: z.optional(Instant),
    createdBefore: z.optional(Instant),
    productId: z.optional(PathId),
  }),
);
