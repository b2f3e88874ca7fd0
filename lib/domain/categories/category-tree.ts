import type { Catalog } from '../catalog/catalog';
import type { ShopCategory } from '../catalog/catalog-types';

/**
 * The category tree of a catalog. Categories arrive in stored position order, so the children of
 * a category, filtered from that order, are in their sequence (GET/PUT .../sequence).
 */

/** The shop's one root category (parentId null). */
export function rootCategory(catalog: Catalog): ShopCategory | undefined {
  for (const category of catalog.categories.values()) if (category.parentId === null) return category;
  return undefined;
}

/** The subcategories of a category, in sequence order. */
export function childrenOf(catalog: Catalog, categoryId: string): ShopCategory[] {
  return [...catalog.categories.values()].filter((c) => c.parentId === categoryId);
}

/**
 * Whether shoppers may see a category: it and every ancestor are visible (an invisible category
 * hides its subtree, so no visible category ever points at a parent that answers 404).
 */
export function isShown(catalog: Catalog, category: ShopCategory): boolean {
  const seen = new Set<string>();
  let current: ShopCategory | undefined = category;
  while (current && !seen.has(current.categoryId)) {
    if (!current.visible) return false;
    seen.add(current.categoryId);
    current = current.parentId === null ? undefined : catalog.categories.get(current.parentId);
  }
  return true;
}

/** The whole tree depth-first (a parent before its children, siblings in sequence order). */
export function treeOrder(catalog: Catalog, includeInvisible: boolean): ShopCategory[] {
  const children = childIndex(catalog);
  const result: ShopCategory[] = [];
  const visit = (category: ShopCategory) => {
    if (!includeInvisible && !category.visible) return;
    result.push(category);
    for (const child of children.get(category.categoryId) ?? []) visit(child);
  };
  const root = rootCategory(catalog);
  if (root) visit(root);
  return result;
}

/**
 * A category and all its descendants, children before their parents: deleting in this order never
 * leaves a category whose parent is gone, however the deletion is split up.
 */
export function subtreeChildrenFirst(catalog: Catalog, categoryId: string): ShopCategory[] {
  const start = catalog.categories.get(categoryId);
  if (!start) return [];
  const children = childIndex(catalog);
  const result: ShopCategory[] = [];
  const visit = (category: ShopCategory) => {
    for (const child of children.get(category.categoryId) ?? []) visit(child);
    result.push(category);
  };
  visit(start);
  return result;
}

function childIndex(catalog: Catalog): Map<string, ShopCategory[]> {
  const index = new Map<string, ShopCategory[]>();
  for (const category of catalog.categories.values()) {
    if (category.parentId === null) continue;
    const list = index.get(category.parentId) ?? [];
    list.push(category);
    index.set(category.parentId, list);
  }
  return index;
}
