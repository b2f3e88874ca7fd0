import { ADDRESS_FIELDS } from '../../domain/address';
import * as z from '../zod';

/**
 * Response schemas: the shapes the API sends (docs/endpoints.md, docs/api-rules.md, and the
 * views in lib/domain/*-view.ts). They describe answers for openapi.json and the API tests' response
 * check; no Lambda function imports them (test/unit/response-schemas-imports.test.ts keeps it so).
 * `meta({ id })` names a schema's component in openapi.json.
 */

/** An ISO 8601 timestamp in UTC as the API writes it ("2026-11-01T10:00:00.000Z"). */
export const Timestamp = z.iso.datetime();
/** An ISO 4217 currency code. */
export const CurrencyCode = z.string().check(z.regex(/^[A-Z]{3}$/));
/** A locale as the API writes it (en_GB; a bare language where the shop lists one). */
export const LocaleCode = z.string().check(z.regex(/^[a-z]{2}(_[A-Z]{2})?$/));
/** A decimal amount as text ("26.35"), the order's top-level totals (docs/carts-and-orders.md "Checkout"). */
export const DecimalString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

export const Money = z
  .strictObject({
    taxType: z.enum(['GROSS', 'NET', 'NONE']),
    formatted: z.string(),
    amount: z.number(),
    currency: CurrencyCode,
  })
  .register(z.globalRegistry, {
    id: 'Money',
    description: 'A price: amount, currency, tax type and the amount formatted in the locale.',
  });

export const Quantity = z
  .strictObject({ amount: z.number(), unit: z.string() })
  .register(z.globalRegistry, { id: 'Quantity' });

export const Weight = z
  .strictObject({ amount: z.number(), unit: z.string() })
  .register(z.globalRegistry, { id: 'Weight' });

export const Image = z
  .strictObject({
    url: z.string(),
    classifier: z.enum(['HotDeal', 'Medium', 'Large', 'Small', 'Thumbnail']),
    isZoomEnabled: z.boolean(),
    width: z.int().check(z.nonnegative()),
    height: z.int().check(z.nonnegative()),
    fileSize: z.int().check(z.nonnegative()),
  })
  .register(z.globalRegistry, { id: 'Image' });

export const Link = z
  .strictObject({ rel: z.string(), href: z.url() })
  .register(z.globalRegistry, { id: 'Link' });
export const Links = z.array(Link);

/** Links that also carry a title (category parent and subCategories). */
export const TitledLink = z
  .strictObject({ rel: z.string(), href: z.url(), title: z.string() })
  .register(z.globalRegistry, { id: 'TitledLink' });

export const TaxClass = z
  .strictObject({ taxClassId: z.string(), name: z.string(), percentage: z.number() })
  .register(z.globalRegistry, { id: 'TaxClass' });

/** The spec's Address: every field present, each a string or null. */
export const Address = z
  .strictObject(
    Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, z.nullable(z.string())])) as Record<
      (typeof ADDRESS_FIELDS)[number],
      z.ZodMiniNullable<z.ZodMiniString>
    >,
  )
  .register(z.globalRegistry, { id: 'Address' });

/** A percentage with its display text. */
export const Percent = z
  .strictObject({ percentage: z.number(), formatted: z.string() })
  .register(z.globalRegistry, { id: 'Percent' });

/** docs/api-rules.md "Errors and status codes": `{status, message, errors?}`; 5xx add the requestId. */
export const ErrorBody = z
  .strictObject({
    status: z.string().check(z.regex(/^[45]\d\d$/)),
    message: z.string(),
    errors: z.optional(
      z.array(
        z.strictObject({
          field: z.string(),
          message: z.string(),
          /** On a 409 for stock: what is left, never below 0 (docs/api-rules.md). */
          available: z.optional(z.number()),
          /** On a 409 for an order's transition rule: the rule's id (docs/orders.md). */
          rule: z.optional(z.string()),
        }),
      ),
    ),
    requestId: z.optional(z.string()),
  })
  .register(z.globalRegistry, {
    id: 'Error',
    description: 'Every 4xx/5xx body: the status, a message, the errors per field and the request id.',
  });

/** The spec's paged list envelope: results is the total count. */
export const pageOf = <T extends z.core.$ZodType>(item: T) =>
  z.strictObject({
    results: z.int().check(z.nonnegative()),
    page: z.int().check(z.positive()),
    resultsPerPage: z.int().check(z.positive()),
    items: z.array(item),
  });

/** A list read page by page from the table: the envelope plus `links` (a `next` link while items follow). */
export const cursorPageOf = <T extends z.core.$ZodType>(item: T) =>
  z.strictObject({ ...pageOf(item).shape, links: Links });
