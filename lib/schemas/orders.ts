import { cursorPaging, Instant, LocaleParam, PathId, paging, QueryBoolean, ShopId } from './common';
import * as z from './zod';

/** Schemas of the order operations (beyond the spec: list and read; documents per the spec). */

export const OrderPath = z.lazy(() => z.object({ shopId: ShopId, orderId: PathId }));

export const ListOrdersQuery = z.lazy(() =>
  z.object({
    ...cursorPaging(),
    customerId: z.optional(PathId),
    createdAfter: z.optional(Instant),
    createdBefore: z.optional(Instant),
  }),
);

export const CreateDocumentBody = z.lazy(() =>
  z.strictObject({ documentType: z.enum(['Invoice', 'CreditNote']) }),
);

export const ListDocumentsQuery = z.lazy(() =>
  z.object({ ...paging(), locale: LocaleParam, includePdf: QueryBoolean }),
);
