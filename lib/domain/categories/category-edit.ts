import type { LocalizedText, ShopCategory } from '../catalog/catalog-types';
import { aliasFromName, uniqueAlias } from './category-alias';

/** The fields a new subcategory may be given (docs/catalog.md "Categories": every one optional). */
export interface CategoryFields {
  alias?: string;
  name?: string;
  pageTitle?: string;
  navigationCaption?: string;
  /** HTML text; null (or "") removes it in that locale. */
  description?: string | null;
  visibleInNavigation?: boolean;
}

/** The fields a category update may change; absent ones stay as they are. */
export interface CategoryChanges extends CategoryFields {
  visible?: boolean;
}

/**
 * Text in one locale set (or removed with null / ""), the other locales kept. Returns undefined
 * when no locale is left.
 */
export function withText(
  text: LocalizedText | null | undefined,
  locale: string,
  value: string | null,
): LocalizedText | undefined {
  const next: LocalizedText = { ...(text ?? {}) };
  if (value === null || value === '') delete next[locale];
  else next[locale] = value;
  return Object.keys(next).length > 0 ? next : undefined;
}

/** The aliases of a parent's subcategories, optionally leaving one category out. */
export function siblingAliases(
  categories: Iterable<ShopCategory>,
  parentId: string,
  exceptCategoryId?: string,
): Set<string> {
  const taken = new Set<string>();
  for (const c of categories)
    if (c.parentId === parentId && c.categoryId !== exceptCategoryId) taken.add(c.alias);
  return taken;
}

/**
 * A new subcategory (docs/catalog.md "Categories"): every field optional; the alias comes from the name
 * when absent and gets a number appended when a sibling has it; new categories are invisible.
 * Texts are written in `locale` and, until set there, in the shop's default locale too, so every
 * locale has something to fall back to.
 */
export function newCategory(input: {
  categoryId: string;
  parentId: string;
  body: CategoryFields;
  locale: string;
  defaultLocale: string;
  takenAliases: ReadonlySet<string>;
}): ShopCategory {
  const { body } = input;
  const locales = [...new Set([input.locale, input.defaultLocale])];
  const text = (value: string | null | undefined) => {
    if (value === undefined || value === null || value === '') return undefined;
    return Object.fromEntries(locales.map((l) => [l, value]));
  };
  const name = body.name ?? body.alias ?? 'New category';
  return {
    categoryId: input.categoryId,
    parentId: input.parentId,
    alias: uniqueAlias(body.alias ?? aliasFromName(name), input.takenAliases),
    name: text(name) ?? {},
    pageTitle: text(body.pageTitle),
    navigationCaption: text(body.navigationCaption),
    description: text(body.description) ?? null,
    visible: false,
    visibleInNavigation: body.visibleInNavigation ?? true,
    specialOffer: false,
    facetedSearchShowFacetsOnCategory: true,
    facetedSearchCategoryStartDepth: 0,
    images: [],
  };
}

/** A category with the changes of a PUT applied; localized fields in `locale`, absent fields kept. */
export function updatedCategory(category: ShopCategory, body: CategoryChanges, locale: string): ShopCategory {
  const next: ShopCategory = { ...category };
  if (body.alias !== undefined) next.alias = body.alias;
  if (body.name !== undefined) next.name = withText(category.name, locale, body.name) ?? {};
  if (body.pageTitle !== undefined) next.pageTitle = withText(category.pageTitle, locale, body.pageTitle);
  if (body.navigationCaption !== undefined)
    next.navigationCaption = withText(category.navigationCaption, locale, body.navigationCaption);
  if (body.description !== undefined)
    next.description = withText(category.description, locale, body.description) ?? null;
  if (body.visible !== undefined) next.visible = body.visible;
  if (body.visibleInNavigation !== undefined) next.visibleInNavigation = body.visibleInNavigation;
  return next;
}
