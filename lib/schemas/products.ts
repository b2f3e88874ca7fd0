import { AVAILABILITIES } from '../domain/catalog/availability-filter';
import {
  CUSTOM_ATTRIBUTE_OPS,
  type CustomAttributeOperation as Operation,
} from '../domain/catalog/custom-attribute-operation';
import type { NewProductFields } from '../domain/catalog/product-create';
import { WEIGHT_UNITS } from '../domain/catalog/product-values';
import { SORT_BY } from '../domain/search/sort';
import {
  CurrencyParam,
  Instant,
  LocaleParam,
  PathId,
  paging,
  QueryBoolean,
  queryInt,
  ShopId,
} from './common';
import { JsonPatchBody } from './json-patch';
import type { Assert, Equal } from './type-equality';
import * as z from './zod';

/** Schemas of the product operations (docs/catalog.md "Catalog: products and search"). */

/** `currency` beyond the spec, as for products: the prices of the methods in that currency. */
export const ListShippingMethodsQuery = z.lazy(() =>
  z.object({ locale: LocaleParam, currency: CurrencyParam }),
);

/** `id` may repeat up to 12 times (docs/catalog.md "Listing"). */
export const MAX_PRODUCT_IDS = 12;

/** A query parameter that may repeat (`?id=a&id=b`), as a list. */
const repeatable = (item: z.ZodMiniType<string, string>, max: number, message: string) =>
  z.pipe(
    z.pipe(
      z.optional(z.union([z.string(), z.array(z.string())])),
      z.transform((v: string | string[] | undefined) =>
        v === undefined ? undefined : Array.isArray(v) ? v : [v],
      ),
    ),
    z.optional(z.array(item).check(z.maxLength(max, message))),
  );

/**
 * `availability=OutStock,WarnStock` or repeated (`?availability=OutStock&availability=WarnStock`):
 * the products whose availability is one of them (docs/catalog.md "Filtering by stock").
 */
const availabilityList = z.pipe(
  z.pipe(
    z.optional(z.union([z.string(), z.array(z.string())])),
    z.transform((v: string | string[] | undefined) =>
      v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((part) => part.split(',')),
    ),
  ),
  z.optional(z.array(z.enum(AVAILABILITIES)).check(z.minLength(1))),
);

export const ListProductsQuery = z.lazy(() =>
  z.object({
    ...paging(),
    locale: LocaleParam,
    currency: CurrencyParam,
    sort: z._default(z.enum(['name', 'price']), 'name'),
    direction: z._default(z.enum(['asc', 'desc']), 'asc'),
    q: z.optional(z.string().check(z.maxLength(500))),
    categoryId: z.optional(PathId),
    id: repeatable(PathId, MAX_PRODUCT_IDS, `at most ${MAX_PRODUCT_IDS} ids`),
    includeInvisible: QueryBoolean,
    availability: availabilityList,
  }),
);

export const ProductPath = z.lazy(() => z.object({ shopId: ShopId, productId: PathId }));

export const GetProductQuery = z.lazy(() =>
  z.object({
    locale: LocaleParam,
    currency: CurrencyParam,
    includeInvisible: QueryBoolean,
  }),
);

/** GET /products/updated/{property}: stock changes, or changes of anything but stock (docs/inventory.md). */
export const UpdatedProductsPath = z.lazy(() =>
  z.object({ shopId: ShopId, property: z.enum(['stocklevel', 'attributes']) }),
);
export const UpdatedProductsQuery = z.lazy(() =>
  z.object({ ...paging(), locale: LocaleParam, currency: CurrencyParam, changedAfter: z.optional(Instant) }),
);

/** Variations page by 100, at most 1000. */
export const ListVariationsQuery = z.lazy(() => z.object({ ...paging(1000, 100), locale: LocaleParam }));

export const GetCrossSellingQuery = GetProductQuery;

export const GetLowestPriceQuery = z.lazy(() => z.object({ locale: LocaleParam, currency: CurrencyParam }));

export const GetCustomAttributesQuery = z.lazy(() =>
  z.object({ locale: LocaleParam, includeInvisible: QueryBoolean }),
);

export const UpdateCustomAttributesQuery = z.lazy(() => z.object({ locale: LocaleParam }));

/**
 * One JSON Patch (RFC 6902) operation on a product's custom attributes, as docs/catalog.md "Custom
 * attributes" shows them: `add` sets or replaces a value, `remove` unsets the attribute. Other members are
 * ignored, as RFC 6902 asks.
 */
export const CustomAttributeOperation = z.lazy(() =>
  z
    .object({
      op: z.enum(CUSTOM_ATTRIBUTE_OPS, { message: 'op must be add or remove' }),
      path: z.literal('/', { message: 'path must be "/"' }),
      value: z.object(
        {
          key: z.string({ message: 'key is required' }).check(z.minLength(1), z.maxLength(64)),
          displayValue: z.optional(z.string().check(z.maxLength(1000))),
        },
        { message: 'value {key, displayValue} is required' },
      ),
    })
    .check(
      z.superRefine((operation, ctx) => {
        if (operation.op === 'add' && operation.value.displayValue === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['value', 'displayValue'],
            message: 'add needs value.displayValue',
          });
        }
      }),
    ),
);
/** The request parses to the domain's operation, exactly. */
type _Parses = Assert<Equal<z.output<typeof CustomAttributeOperation>, Operation>>;

export const UpdateCustomAttributesBody = z.lazy(() =>
  z
    .array(CustomAttributeOperation, { message: 'expected a JSON Patch: an array of operations' })
    .check(z.maxLength(100, 'at most 100 operations')),
);

/** PATCH /products/{p}: a JSON Patch document (rules: lib/domain/catalog/product-patch.ts). */
export const PatchProductBody = JsonPatchBody;

/** POST /products (docs/catalog.md "Product writes"): texts in `locale`, prices in `currency`. */
export const CreateProductQuery = z.lazy(() => z.object({ locale: LocaleParam, currency: CurrencyParam }));

/**
 * The body of POST /products: every field optional, unknown fields 400. Types only: the rules (EAN
 * check digit, amounts, tax class, lengths) are lib/domain/catalog/product-create.ts's, which names
 * each bad field.
 */
export const CreateProductBody = z.lazy(() =>
  z.strictObject(
    {
      productNumber: z.optional(z.string()),
      name: z.optional(z.string()),
      shortDescription: z.optional(z.string()),
      description: z.optional(z.string()),
      manufacturer: z.optional(z.string()),
      essentialFeatures: z.optional(z.string()),
      deliveryPeriod: z.optional(z.string()),
      upc: z.optional(z.string()),
      ean: z.optional(z.string()),
      price: z.optional(z.number()),
      depositPrice: z.optional(z.number()),
      manufacturerPrice: z.optional(z.number()),
      searchKeywords: z.optional(z.array(z.string())),
      visible: z.optional(z.boolean()),
      taxClassId: z.optional(z.string()),
      stocklevel: z.optional(
        z.nullable(z.number().check(z.refine((n) => Math.abs(n) <= 1e9, 'expected at most 1,000,000,000'))),
      ),
      deliveryWeight: z.optional(
        z.strictObject({
          amount: z.number(),
          unit: z.enum(WEIGHT_UNITS, { message: `unit must be one of ${WEIGHT_UNITS.join(', ')}` }),
        }),
      ),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'expected a JSON object' : undefined) },
  ),
);
/** The request parses to the domain's fields, exactly. */
type _CreateParses = Assert<Equal<z.output<typeof CreateProductBody>, NewProductFields>>;

export const PatchProductQuery = z.lazy(() => z.object({ locale: LocaleParam, currency: CurrencyParam }));

/** POST /search/products: query, page and size in the query string (spec), currency as for products. */
/** GET /search/product-suggest: a query with a word in it, at most 20 suggestions (default 10). */
export const SuggestProductsQuery = z.lazy(() =>
  z.object({
    query: z.string().check(
      z.maxLength(200),
      z.refine((q) => q.trim().length > 0, 'expected a query that is not blank'),
    ),
    limit: queryInt(1, 20, 10),
    locale: LocaleParam,
  }),
);

export const SearchProductsQuery = z.lazy(() =>
  z.object({ ...paging(), locale: LocaleParam, currency: CurrencyParam }),
);

const AttributeRange = z.lazy(() =>
  z.strictObject({ min: z.optional(z.number()), max: z.optional(z.number()) }),
);

const AttributeFilter = z.lazy(() =>
  z.strictObject({
    fieldName: z.string().check(z.minLength(1), z.maxLength(200)),
    attributeValue: z.optional(z.union([z.string().check(z.maxLength(500)), z.number(), z.null()])),
    attributeRange: z.pipe(
      z.optional(z.nullable(AttributeRange)),
      z.transform((r: z.output<typeof AttributeRange> | null | undefined) => r ?? undefined),
    ),
  }),
);

const SearchProductsFields = z.lazy(() =>
  z.strictObject({
    query: z.pipe(
      z.optional(z.nullable(z.string().check(z.maxLength(500)))),
      z.transform((q: string | null | undefined) => q ?? ''),
    ),
    sortBy: z._default(z.enum(SORT_BY), 'RELEVANCE'),
    attributeFilters: z._default(z.array(AttributeFilter).check(z.maxLength(50)), []),
  }),
);

export const SearchProductsBody = z.lazy(() =>
  z.pipe(
    z.optional(SearchProductsFields),
    z.transform(
      (body: z.output<typeof SearchProductsFields> | undefined) =>
        body ?? { query: '', sortBy: 'RELEVANCE' as const, attributeFilters: [] },
    ),
  ),
);
