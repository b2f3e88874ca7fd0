import * as z from 'zod';
import { CurrencyParam, LocaleParam, PathId, paging, QueryBoolean, ShopId } from './common';

/** Schemas of the product operations (contract "Products"). */

export const ListShippingMethodsQuery = z.object({ locale: LocaleParam });

/** contract "Products": `id` may repeat up to 12 times. */
export const MAX_PRODUCT_IDS = 12;

/** A query parameter that may repeat (`?id=a&id=b`), as a list. */
const repeatable = (item: z.ZodType<string, string>, max: number, message: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max, message).optional());

export const ListProductsQuery = z.object({
  ...paging(),
  locale: LocaleParam,
  currency: CurrencyParam,
  sort: z.enum(['name', 'price']).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().max(500).optional(),
  categoryId: PathId.optional(),
  id: repeatable(PathId, MAX_PRODUCT_IDS, `at most ${MAX_PRODUCT_IDS} ids`),
  includeInvisible: QueryBoolean,
});

export const ProductPath = z.object({ shopId: ShopId, productId: PathId });

export const GetProductQuery = z.object({
  locale: LocaleParam,
  currency: CurrencyParam,
  includeInvisible: QueryBoolean,
});

/** spec "Limits": variations page by 100, at most 1000. */
export const ListVariationsQuery = z.object({ ...paging(1000, 100), locale: LocaleParam });

export const GetCrossSellingQuery = GetProductQuery;

export const GetCustomAttributesQuery = z.object({ locale: LocaleParam, includeInvisible: QueryBoolean });

export const UpdateCustomAttributesQuery = z.object({ locale: LocaleParam });

/**
 * One JSON Patch (RFC 6902) operation on a product's custom attributes, as contract "Products"
 * shows them: `add` sets or replaces a value, `remove` unsets the attribute. Other members are
 * ignored, as RFC 6902 asks.
 */
export const CustomAttributeOperation = z
  .object({
    op: z.enum(['add', 'remove'], { message: 'op must be add or remove' }),
    path: z.literal('/', { message: 'path must be "/"' }),
    value: z.object(
      {
        key: z.string({ message: 'key is required' }).min(1).max(64),
        displayValue: z.string().max(1000).optional(),
      },
      { message: 'value {key, displayValue} is required' },
    ),
  })
  .superRefine((operation, ctx) => {
    if (operation.op === 'add' && operation.value.displayValue === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['value', 'displayValue'],
        message: 'add needs value.displayValue',
      });
    }
  });
export type CustomAttributeOperation = z.infer<typeof CustomAttributeOperation>;

export const UpdateCustomAttributesBody = z
  .array(CustomAttributeOperation, { message: 'expected a JSON Patch: an array of operations' })
  .max(100, 'at most 100 operations');

/** contract "Products": sortBy values of POST /search/products. */
export const SORT_BY = ['RELEVANCE', 'NAME_ASC', 'NAME_DESC', 'PRICE_ASC', 'PRICE_DESC'] as const;
export type SortBy = (typeof SORT_BY)[number];

/** POST /search/products: query, page and size in the query string (spec), currency as for products. */
export const SearchProductsQuery = z.object({ ...paging(), locale: LocaleParam, currency: CurrencyParam });

const AttributeFilter = z.strictObject({
  fieldName: z.string().min(1).max(200),
  attributeValue: z.union([z.string().max(500), z.number(), z.null()]).optional(),
  attributeRange: z
    .strictObject({ min: z.number().optional(), max: z.number().optional() })
    .nullable()
    .optional()
    .transform((r) => r ?? undefined),
});

export const SearchProductsBody = z
  .strictObject({
    query: z
      .string()
      .max(500)
      .nullable()
      .optional()
      .transform((q) => q ?? ''),
    sortBy: z.enum(SORT_BY).default('RELEVANCE'),
    attributeFilters: z.array(AttributeFilter).max(50).default([]),
  })
  .optional()
  .transform((body) => body ?? { query: '', sortBy: 'RELEVANCE' as const, attributeFilters: [] });
