import * as z from 'zod';
import { MAX_LINE_ITEMS } from '../domain/cart';
import { Instant, LocaleParam, paging, QueryBoolean } from './common';

/** Schemas of the cart operations (contract "Carts"). */

export const MAX_QUANTITY = 100_000;

export const LineItemInput = z.strictObject({
  productId: z.string().min(1).max(128),
  quantity: z.number().int('expected a whole number').min(1).max(MAX_QUANTITY),
});
export type LineItemInput = z.infer<typeof LineItemInput>;

export const CreateCartBody = z
  .strictObject({
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code like EUR')
      .optional(),
    taxType: z.enum(['GROSS', 'NET']).optional(),
    locale: z
      .string()
      .regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale like en_GB')
      .optional(),
    lineItems: z.array(LineItemInput).max(MAX_LINE_ITEMS).optional(),
    forceCreate: z.boolean().optional(),
  })
  .optional()
  .transform((body) => body ?? {});

export const AddLineItemBody = LineItemInput;

/** Money amounts in requests: JSON numbers within ±1,000,000 (decimals checked per currency). */
const Amount = z.number().min(-1_000_000).max(1_000_000);

export const UpdateLineItemBody = z.strictObject({ quantity: LineItemInput.shape.quantity });

export const AddMultiLineItemsBody = z.array(LineItemInput).min(1).max(MAX_LINE_ITEMS);

/** contract: `code` as a form field or JSON. */
export const AddCouponBody = z.strictObject({ code: z.string().trim().min(1).max(64) });

export const ShippingDataBody = z.strictObject({
  id: z.string().min(1).max(128),
  priceAmount: Amount.min(0).optional(),
});

/** spec "PUT payment-data": a name and a price (cost or discount) of the payment method. */
export const PaymentDataBody = z.strictObject({
  name: z.string().trim().min(1).max(255).optional(),
  priceAmount: Amount.optional(),
});

export const ProductPriceBody = z.strictObject({ singleItemPrice: Amount.min(0) });

export const LineItemPath = z.object({
  shopId: z.string(),
  cartId: z.string(),
  lineItemId: z.string().min(1).max(64),
});
export const CouponPath = z.object({
  shopId: z.string(),
  cartId: z.string(),
  couponLineItemId: z.string().min(1).max(64),
});

/** Optional replay key of POST /carts and POST .../order (beyond the spec). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** spec "GET /carts" query. */
export const ListCartsQuery = z.object({
  ...paging(),
  locale: LocaleParam,
  createdBefore: Instant.optional(),
  createdAfter: Instant.optional(),
  hasAddressData: QueryBoolean,
});
