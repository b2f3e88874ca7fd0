import { FILTER_STATUSES, type FilterStatus } from '../domain/orders/order-filter';
import type { OrderPatchValues } from '../domain/orders/order-patch';
import { AddressBody, BillingAddressBody, ShippingAddressBody } from './address';
import { cursorPaging, Instant, LocaleParam, PathId, paging, QueryBoolean, ShopId } from './common';
import { JsonPatchBody } from './json-patch';
import { valueCheck } from './value-check';
import * as z from './zod';

/** Schemas of the order operations (beyond the spec: list and read; documents per the spec). */

export const OrderPath = z.lazy(() => z.object({ shopId: ShopId, orderId: PathId }));

/** The ISO 4217 codes the runtime knows (Intl), read once. */
const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code (`EUR`): three capitals the standard lists. */
export const IsoCurrency = z.lazy(() =>
  z.string().check(
    z.regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code like EUR'),
    z.refine((code) => !/^[A-Z]{3}$/.test(code) || ISO_CURRENCIES.has(code), 'not an ISO 4217 currency code'),
  ),
);

/** GET /orders (docs/orders.md "Finding orders"): the status filters, `true` set, `false` null. */
const statusFilters = () =>
  Object.fromEntries(FILTER_STATUSES.map((name) => [name, QueryBoolean])) as Record<
    FilterStatus,
    typeof QueryBoolean
  >;

export const ListOrdersQuery = z.lazy(() =>
  z.object({
    ...cursorPaging(),
    ...statusFilters(),
    customerId: z.optional(PathId),
    productId: z.optional(PathId),
    currency: z.optional(IsoCurrency),
    createdAfter: z.optional(Instant),
    createdBefore: z.optional(Instant),
    updatedFrom: z.optional(Instant),
    lastUpdated: QueryBoolean,
  }),
);

export const CreateDocumentBody = z.lazy(() =>
  z.strictObject({ documentType: z.enum(['Invoice', 'CreditNote']) }),
);

export const ListDocumentsQuery = z.lazy(() =>
  z.object({ ...paging(), locale: LocaleParam, includePdf: QueryBoolean }),
);

/** PATCH /orders/{o}: a JSON Patch document (rules: lib/domain/orders/order-patch.ts). */
export const PatchOrderBody = JsonPatchBody;

export const MAX_ORDER_TEXT_LENGTH = 4000;

/** A status timestamp: an ISO 8601 date-time with its offset (or Z), kept in UTC. */
export const OrderTimestampValue = z.lazy(() =>
  z.pipe(
    z.string('expected an ISO 8601 date-time like 2025-02-01T10:00:00Z, or "now"').check(
      z.regex(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/,
        'expected an ISO 8601 date-time with an offset, like 2025-02-01T10:00:00Z, or "now"',
      ),
      z.refine((v) => !Number.isNaN(Date.parse(v)), 'expected a valid date-time'),
      // In UTC a time may leave the years 0000-9999 ("+010000-..."), which would not sort as text.
      z.refine(
        (v) => Number.isNaN(Date.parse(v)) || /^\d{4}-/.test(new Date(v).toISOString()),
        'expected a date-time in the years 0000-9999 (UTC)',
      ),
    ),
    z.transform((v: string) => new Date(v).toISOString()),
  ),
);

/** An order number: 1 to 64 characters, no surrounding blanks. */
export const OrderNumberValue = z.lazy(() =>
  z.string('expected a string').check(
    z.minLength(1, 'expected a non-empty order number'),
    z.maxLength(64),
    z.refine((v) => v.trim() === v, 'expected no leading or trailing blanks'),
  ),
);

/** A comment or note. */
export const OrderText = z.lazy(() =>
  z.string('expected a string').check(z.maxLength(MAX_ORDER_TEXT_LENGTH)),
);

/**
 * The values a PATCH /orders/{o} writes: an address sends some of its fields (unknown ones are 400),
 * and the address merged into the order's is checked as on carts.
 */
export const orderPatchValues: OrderPatchValues = {
  timestamp: valueCheck(OrderTimestampValue),
  text: valueCheck(OrderText),
  addressFields: valueCheck(AddressBody),
  billingAddress: valueCheck(BillingAddressBody),
  shippingAddress: valueCheck(ShippingAddressBody),
  orderNumber: valueCheck(OrderNumberValue),
};
