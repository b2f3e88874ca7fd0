import { MAX_LINE_ITEMS, MAX_QUANTITY } from '../domain/cart/cart';
import { hasQuantityDecimals, QUANTITY_DECIMALS } from '../domain/quantity';
import { cursorPaging, Instant, LocaleParam, QueryBoolean } from './common';
import * as z from './zod';

/** Schemas of the cart operations (docs/carts-and-orders.md "Carts and checkout"). */

/**
 * docs/carts-and-orders.md "Carts and checkout": a positive number (0.75 kg of a product sold by weight); the
 * product's minOrder and intervalOrder are checked against the catalog (lib/domain/cart/cart-lines.ts).
 */
const Quantity = z.lazy(() =>
  z
    .number()
    .check(
      z.positive('expected a positive number'),
      z.maximum(MAX_QUANTITY),
      z.refine(hasQuantityDecimals, `expected at most ${QUANTITY_DECIMALS} decimals`),
    ),
);

export const LineItemInput = z.lazy(() =>
  z.strictObject({ productId: z.string().check(z.minLength(1), z.maxLength(128)), quantity: Quantity }),
);
export type LineItemInput = z.infer<typeof LineItemInput>;

const CreateCartFields = z.lazy(() =>
  z.strictObject({
    currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code like EUR'))),
    taxType: z.optional(z.enum(['GROSS', 'NET'])),
    locale: LocaleParam,
    lineItems: z.optional(z.array(LineItemInput).check(z.maxLength(MAX_LINE_ITEMS))),
    forceCreate: z.optional(z.boolean()),
  }),
);
/** An empty body creates a cart with the shop's defaults. */
export const CreateCartBody = z.lazy(() =>
  z.pipe(
    z.optional(CreateCartFields),
    z.transform((body: z.output<typeof CreateCartFields> | undefined) => body ?? {}),
  ),
);

export const AddLineItemBody = LineItemInput;

/** Money amounts in requests: JSON numbers within ±1,000,000 (decimals checked per currency). */
const Amount = z.lazy(() => z.number().check(z.minimum(-1_000_000), z.maximum(1_000_000)));

export const UpdateLineItemBody = z.lazy(() => z.strictObject({ quantity: Quantity }));

export const AddMultiLineItemsBody = z.lazy(() =>
  z.array(LineItemInput).check(z.minLength(1), z.maxLength(MAX_LINE_ITEMS)),
);

/** `code` as a form field or JSON (docs/api-rules.md "Transport"). */
export const AddCouponBody = z.lazy(() =>
  z.strictObject({
    code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  }),
);

export const ShippingDataBody = z.lazy(() =>
  z.strictObject({
    id: z.string().check(z.minLength(1), z.maxLength(128)),
    priceAmount: z.optional(Amount.check(z.minimum(0))),
  }),
);

/** PUT payment-data (docs/carts-and-orders.md): a name and a price (cost or discount) of the payment method. */
export const PaymentDataBody = z.lazy(() =>
  z.strictObject({
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(255))),
    priceAmount: z.optional(Amount),
  }),
);

export const ProductPriceBody = z.lazy(() => z.strictObject({ singleItemPrice: Amount.check(z.minimum(0)) }));

export const LineItemPath = z.lazy(() =>
  z.object({
    shopId: z.string(),
    cartId: z.string(),
    lineItemId: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
);
export const CouponPath = z.lazy(() =>
  z.object({
    shopId: z.string(),
    cartId: z.string(),
    couponLineItemId: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
);

/** The GET /carts query (docs/carts-and-orders.md). */
export const ListCartsQuery = z.lazy(() =>
  z.object({
    ...cursorPaging(),
    locale: LocaleParam,
    createdBefore: z.optional(Instant),
    createdAfter: z.optional(Instant),
    hasAddressData: QueryBoolean,
  }),
);
