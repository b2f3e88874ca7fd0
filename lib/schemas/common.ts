import { decodeCursor, type ListCursor } from '../domain/list-envelope';
import { canonicalLocale } from '../domain/shop-locale';
import * as z from './zod';

/**
 * Building blocks shared by the operations' schemas (docs/api-rules.md "Lists and paging" and the spec's
 * "Common query parameters").
 */

/** Shop ids: letters, digits, - and _ (they are part of every key). */
export const ShopId = z.lazy(() => z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a shop id')));
/** Any other path id: bounded, and never the key separator. */
export const PathId = z.lazy(() =>
  z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[^#]+$/, 'invalid id')),
);

export const ShopPath = z.lazy(() => z.object({ shopId: ShopId }));
export const CartPath = z.lazy(() => z.object({ shopId: ShopId, cartId: PathId }));

/** A query integer: digits only, so "1.5", "1e3" and "" are 400. */
const wholeNumber = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,6}$/, 'expected a whole number')), z.transform(Number)),
    z.number().check(z.int(), z.minimum(min), z.maximum(max)),
  );
export const queryInt = (min: number, max: number, fallback: number) =>
  z.pipe(
    z.optional(wholeNumber(min, max)),
    z.transform((v: number | undefined) => v ?? fallback),
  );

/** page ≥ 1 and resultsPerPage 1..max (docs/api-rules.md "Lists and paging"). */
export const paging = (max = 100, fallback = 10) => ({
  page: queryInt(1, 999999, 1),
  resultsPerPage: queryInt(1, max, fallback),
});

/**
 * paging() plus `cursor`, the opaque position of a `next` link (lists read from the table, beyond
 * docs/api-rules.md "Lists and paging"); a cursor and a page number exclude each other.
 */
export const cursorPaging = () => ({
  page: z.optional(wholeNumber(1, 999999)),
  resultsPerPage: queryInt(1, 100, 10),
  cursor: z.optional(
    z.pipe(
      z.string().check(z.maxLength(600)),
      z.transform((text: string, ctx) => {
        const cursor = decodeCursor(text);
        if (!cursor) ctx.issues.push({ code: 'custom', message: 'invalid cursor', input: text });
        return cursor ?? undefined;
      }),
    ),
  ),
});

/** The page a cursor-paged request asks for; a problem text when page and cursor are both given. */
export function wantedPage(query: {
  page?: number;
  resultsPerPage: number;
  cursor?: ListCursor;
}): { page: number; perPage: number; after?: string } | string {
  if (!query.cursor) return { page: query.page ?? 1, perPage: query.resultsPerPage };
  if (query.page !== undefined) return 'page and cursor exclude each other';
  return { page: query.cursor.page, perPage: query.resultsPerPage, after: query.cursor.after };
}

/**
 * A requested locale, loosely written (`fi_fi`, `de-DE`, `de`) and made canonical (`fi_FI`, `de_DE`,
 * `de`) for lib/domain/shop-locale.ts; text that is no locale at all (`german`) is 400.
 */
export const RequestedLocale = z.lazy(() =>
  z.pipe(
    z.string().check(z.regex(/^[A-Za-z]{2}([_-][A-Za-z]{2})?$/, 'expected a locale like en_GB')),
    z.transform((text: string) => canonicalLocale(text) as string),
  ),
);
export const LocaleParam = z.lazy(() => z.optional(RequestedLocale));
export const CurrencyParam = z.lazy(() =>
  z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code like EUR'))),
);

/** A query boolean: exactly "true" or "false". */
export const QueryBoolean = z.lazy(() =>
  z.optional(
    z.pipe(
      z.enum(['true', 'false'], { message: 'expected true or false' }),
      z.transform((v) => v === 'true'),
    ),
  ),
);

/** An ISO 8601 date or date-time ("2026-11-01" or "2026-11-01T10:00:00Z"), normalized to UTC. */
export const Instant = z.lazy(() =>
  z
    .pipe(
      z.string().check(
        z.regex(
          /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/,
          'expected an ISO 8601 date or date-time',
        ),
        z.refine((v) => !Number.isNaN(Date.parse(v)), 'expected a valid date'),
      ),
      z.transform((v: string) => new Date(v).toISOString()),
    )
    // In UTC a date may leave the years 0000-9999 ("+010000-01-01..."), whose text does not sort
    // with the stored creation times the ranges are compared with.
    .check(z.refine((iso) => /^\d{4}-/.test(iso), 'expected a date between the years 0000 and 9999 (UTC)')),
);

/**
 * A paged list envelope (docs/api-rules.md "Lists and paging": `{results, page, resultsPerPage, items}`,
 * results = total).
 */
export function pageOf<T>(
  all: { readonly length: number; slice(start: number, end: number): T[] },
  page: number,
  resultsPerPage: number,
) {
  return {
    results: all.length,
    page,
    resultsPerPage,
    items: all.slice((page - 1) * resultsPerPage, page * resultsPerPage),
  };
}
