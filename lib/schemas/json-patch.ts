import * as z from './zod';

/**
 * A JSON Patch (RFC 6902) document as products, orders and customers take it (docs/api-rules.md
 * "JSON Patch"): only its shape is checked here, anything but an array is 400 "Request body must be
 * a JSON Patch array". Which operations, paths and values a resource allows is its domain's rule
 * (lib/domain/catalog/product-patch.ts, orders/order-patch.ts, customers/customer-patch.ts), so
 * each error names its operation's index.
 */
export const JsonPatchBody = z.lazy(() =>
  z
    .array(
      z.object({
        op: z.string(),
        path: z.string(),
        value: z.optional(z.unknown()),
        from: z.optional(z.string()),
      }),
      { message: 'Request body must be a JSON Patch array' },
    )
    .check(z.maxLength(100, 'at most 100 operations')),
);
export type JsonPatchBody = z.output<typeof JsonPatchBody>;
