import { Instant, LocaleParam, PathId, paging, QueryBoolean, ShopId } from './common';
import * as z from './zod';

/** Schemas of the order operations (beyond the spec: list and read; documents per the spec). */

export const OrderPath = z.object({ shopId: ShopId, orderId: PathId });

export const ListOrdersQuery = z.object({
  ...paging(),
  customerId: z.optional(PathId),
  createdAfter: z.optional(Instant),
  createdBefore: z.optional(Instant),
});

export const CreateDocumentBody = z.strictObject({ documentType: z.enum(['Invoice', 'CreditNote']) });

export const ListDocumentsQuery = z.object({ ...paging(), locale: LocaleParam, includePdf: QueryBoolean });
