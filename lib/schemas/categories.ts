import * as z from 'zod';
import { MAX_ALIAS_LENGTH } from '../domain/category-alias';
import { LocaleParam, PathId, QueryBoolean, ShopId } from './common';

/** Schemas of the category, sequence and product-category-assignment operations (contract "Categories"). */

export const CategoryPath = z.object({ shopId: ShopId, categoryId: PathId });

export const ListCategoriesQuery = z.object({ locale: LocaleParam, includeInvisible: QueryBoolean });
export const GetCategoryQuery = ListCategoriesQuery;
/** Writes name the locale their localized fields are written in (default: the shop's). */
export const WriteCategoryQuery = z.object({ locale: LocaleParam });

/** URL-safe aliases: they name categories in sequences and storefront URLs. */
const Alias = z
  .string()
  .min(1)
  .max(MAX_ALIAS_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected letters, digits, - or _');
const Name = z.string().trim().min(1).max(200);
const Caption = z.string().max(300);
/** HTML text; null (or "") removes it in that locale. */
const Description = z.string().max(20_000).nullable();

/** POST /categories/{parentId}: every field optional (contract); new categories are invisible. */
export const CreateCategoryBody = z
  .strictObject({
    alias: Alias.optional(),
    name: Name.optional(),
    pageTitle: Caption.optional(),
    navigationCaption: Caption.optional(),
    description: Description.optional(),
    visibleInNavigation: z.boolean().optional(),
  })
  .optional()
  .transform((body) => body ?? {});
export type CreateCategoryBody = z.output<typeof CreateCategoryBody>;

/** PUT /categories/{c}: the spec's category update plus visibleInNavigation; absent fields stay. */
export const UpdateCategoryBody = z.strictObject({
  categoryId: z.string().optional(),
  alias: Alias.optional(),
  name: Name.optional(),
  pageTitle: Caption.optional(),
  navigationCaption: Caption.optional(),
  description: Description.optional(),
  visible: z.boolean().optional(),
  visibleInNavigation: z.boolean().optional(),
});
export type UpdateCategoryBody = z.output<typeof UpdateCategoryBody>;

/** PUT /categories/{c}/sequence: the aliases of all subcategories, in the new order. */
export const UpdateCategorySequenceBody = z.array(z.string().min(1).max(MAX_ALIAS_LENGTH)).max(10_000);

/** One id or several; a form field may repeat, JSON may give a string or an array. */
const IdList = z
  .union([PathId, z.array(PathId).min(1).max(100)])
  .transform((ids) => [...new Set(Array.isArray(ids) ? ids : [ids])]);

/** POST /product-category-assignments body and DELETE /product-category-assignments query. */
export const AssignmentsInput = z.strictObject({ categoryId: IdList, productId: IdList });
export const CreateAssignmentsBody = AssignmentsInput;
export const DeleteAssignmentsQuery = AssignmentsInput;
