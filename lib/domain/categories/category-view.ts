import { type Catalog, localize } from '../catalog/catalog';
import type { ShopCategory } from '../catalog/catalog-types';
import { type Link, shopUrl, type ViewContext } from '../links';
import { childrenOf } from './category-tree';

/** Rendering options of a category: where, in which locale, and whether invisible subcategories show. */
export interface CategoryViewContext extends ViewContext {
  includeInvisible: boolean;
}

/**
 * The Category resource of the spec with every field, localized in ctx.locale (falling back to the
 * shop's default). pageTitle and navigationCaption fall back to the name; the root's parent is null;
 * subCategories follow the sequence and list invisible ones only with includeInvisible.
 */
export function categoryView(catalog: Catalog, category: ShopCategory, ctx: CategoryViewContext) {
  const text = (value: Readonly<Record<string, string>> | null | undefined) =>
    localize(catalog, value, ctx.locale);
  const name = text(category.name) ?? category.alias;
  const parent = category.parentId === null ? undefined : catalog.categories.get(category.parentId);
  const categoryLink = (rel: string, target: ShopCategory): Link => ({
    rel,
    href: shopUrl(ctx, 'categories', target.categoryId),
    title: text(target.name) ?? target.alias,
  });
  return {
    categoryId: category.categoryId,
    alias: category.alias,
    name,
    pageTitle: text(category.pageTitle) ?? name,
    navigationCaption: text(category.navigationCaption) ?? name,
    description: text(category.description),
    visible: category.visible,
    visibleInNavigation: category.visibleInNavigation,
    specialOffer: category.specialOffer,
    facetedSearchShowFacetsOnCategory: category.facetedSearchShowFacetsOnCategory,
    facetedSearchCategoryStartDepth: category.facetedSearchCategoryStartDepth,
    images: category.images,
    parent: parent ? categoryLink('parent', parent) : null,
    subCategories: childrenOf(catalog, category.categoryId)
      .filter((child) => ctx.includeInvisible || child.visible)
      .map((child) => categoryLink('child', child)),
    sfUrl: `${catalog.settings.storefrontUrl.replace(/\/$/, '')}/c/${encodeURIComponent(category.categoryId)}`,
    links: [
      {
        rel: 'products',
        href: `${shopUrl(ctx, 'products')}?categoryId=${encodeURIComponent(category.categoryId)}`,
      },
    ],
  };
}
