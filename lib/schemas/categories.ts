import { MAX_ALIAS_LENGTH } from '../domain/categories/category-alias';
import type { CategoryChanges, CategoryFields } from '../domain/categories/category-edit';
import { LocaleParam, PathId, QueryBoolean, ShopId } from './common';
import type { Assert, Extends } from './type-equality';
import * as z from './zod';

/**
 * Schemas of the category, sequence and product-category-assignment operations (docs/catalog.md
 * "Categories").
 */

export const CategoryPath = z.lazy(() => z.object({ shopId: ShopId, categoryId: PathId }));

export const ListCategoriesQuery = z.lazy(() =>
  z.object({ locale: LocaleParam, includeInvisible: QueryBoolean }),
);
export const GetCategoryQuery = ListCategoriesQuery;
/** GET /products/{productId}/categories: the query of the category list. */
export const ListProductCategoriesQuery = ListCategoriesQuery;
/** Writes name the locale their localized fields are written in (default: the shop's). */
export const WriteCategoryQuery = z.lazy(() => z.object({ locale: LocaleParam }));

/** URL-safe aliases: they name categories in sequences and storefront URLs. */
const Alias = z.lazy(() =>
  z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(MAX_ALIAS_LENGTH),
      z.regex(/^[A-Za-z0-9_-]+$/, 'expected letters, digits, - or _'),
    ),
);
const Name = z.lazy(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));
const Caption = z.lazy(() => z.string().check(z.maxLength(300)));
/** HTML text; null (or "") removes it in that locale. */
const Description = z.lazy(() => z.nullable(z.string().check(z.maxLength(20_000))));

const CreateCategoryFields = z.lazy(() =>
  z.strictObject({
    alias: z.optional(Alias),
    name: z.optional(Name),
    pageTitle: z.optional(Caption),
    navigationCaption: z.optional(Caption),
    description: z.optional(Description),
    visibleInNavigation: z.optional(z.boolean()),
  }),
);
/**
 * POST /categories/{parentId}: every field optional (docs/catalog.md "Categories"); new categories are
 * invisible.
 */
export const CreateCategoryBody = z.lazy(() =>
  z.pipe(
    z.optional(CreateCategoryFields),
    z.transform((body: z.output<typeof CreateCategoryFields> | undefined) => body ?? {}),
  ),
);
export type CreateCategoryBody = z.output<typeof CreateCategoryBody>;

/**
 * PUT /categories/{c}: the spec's category update plus visibleInNavigation; absent fields stay. The
 * body names the category it updates (equal to the path id), so `{}` is refused.
 */
export const UpdateCategoryBody = z.lazy(() =>
  z.strictObject({
    categoryId: z.string().check(z.minLength(1)),
    alias: z.optional(Alias),
    name: z.optional(Name),
    pageTitle: z.optional(Caption),
    navigationCaption: z.optional(Caption),
    description: z.optional(Description),
    visible: z.optional(z.boolean()),
    visibleInNavigation: z.optional(z.boolean()),
  }),
);
export type UpdateCategoryBody = z.output<typeof UpdateCategoryBody>;

/** The bodies parse to what the domain takes (lib/domain/categories/category-edit.ts). */
type _Fits = [
  Assert<Extends<CreateCategoryBody, CategoryFields>>,
  Assert<Extends<UpdateCategoryBody, CategoryChanges>>,
];

/** PUT /categories/{c}/sequence: the aliases of all subcategories, in the new order. */
export const UpdateCategorySequenceBody = z.lazy(() =>
  z.array(z.string().check(z.minLength(1), z.maxLength(MAX_ALIAS_LENGTH))).check(z.maxLength(10_000)),
);

/** One id or several; a form field may repeat, JSON may give a string or an array. */
const IdList = z.lazy(() =>
  z.pipe(
    z.union([PathId, z.array(PathId).check(z.minLength(1), z.maxLength(100))]),
    z.transform((ids: string | string[]) => [...new Set(Array.isArray(ids) ? ids : [ids])]),
  ),
);

/** POST /product-category-assignments body and DELETE /product-category-assignments query. */
export const AssignmentsInput = z.lazy(() => z.strictObject({ categoryId: IdList, productId: IdList }));
export const CreateAssignmentsBody = AssignmentsInput;
export const DeleteAssignmentsQuery = AssignmentsInput;
