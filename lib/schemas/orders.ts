import * as z from 'zod';
import { Instant, LocaleParam, PathId, paging, QueryBoolean, ShopId } from './common';

/** Schemas of the order operations (beyond the spec: list and read; documents per the spec). */

export const OrderPath = z.object({ shopId: ShopId, orderId: PathId });

export const ListOrdersQuery = z.object({
  ...paging(),
  customerId: PathId.optional(),
  createdAfter: Instant.optional(),
  createdBefore: Instant.optional(),
});

export const CreateDocumentBody = z.strictObject({ documentType: z.enum(['Invoice', 'CreditNote']) });

export const ListDocumentsQuery = z.object({ ...paging(), locale: LocaleParam, includePdf: QueryBoolean });
