import { z } from 'zod';
import { MAX_LINE_ITEMS } from '../domain/cart';

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
