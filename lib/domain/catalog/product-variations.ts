import { link, type ViewContext } from '../links';
import { type Catalog, localize } from './catalog';
import { projectionOf } from './catalog-projection';
import type { ShopProduct } from './catalog-types';
import { variationSelection } from './product-view';

/**
 * The variation list of a master (docs/catalog.md "Product detail, variations, cross-selling"): the attributes its variations differ in, with the values
 * its visible variations carry, and one item per visible variation (link + attribute selection, by
 * which a client matches a shopper's choice). A product that is not a master has no variations:
 * an empty list, not an error.
 */
export function variationList(
  catalog: Catalog,
  master: ShopProduct,
  ctx: ViewContext,
  paging: { page: number; resultsPerPage: number },
) {
  const projection = projectionOf(catalog);
  const index = projection.indexOf.get(master.productId);
  const variations = (
    index === undefined || master.masterId !== null ? [] : (projection.variationsOf.get(index) ?? [])
  )
    .filter((i) => projection.visible[i] === 1)
    .map((i) => catalog.products.get(projection.productIds[i] as string) as ShopProduct);
  const keys = variations.length > 0 ? master.variationAttributeKeys : [];
  const { page, resultsPerPage } = paging;
  return {
    variationAttributes: keys.map((key) => attributeValues(catalog, key, variations, ctx.locale)),
    items: variations.slice((page - 1) * resultsPerPage, page * resultsPerPage).map((variation) => ({
      link: link(ctx, 'variation', 'products', variation.productId),
      attributeSelection: variationSelection(catalog, master, variation, ctx.locale),
    })),
    results: variations.length,
    resultsPerPage,
    page,
    links: [
      link(ctx, 'self', 'products', master.productId, 'variations'),
      link(ctx, 'product', 'products', master.productId),
    ],
  };
}

/** The values one variation attribute takes among the variations: predefined order first, then as met. */
function attributeValues(catalog: Catalog, key: string, variations: readonly ShopProduct[], locale: string) {
  const definition = catalog.attributeDefinitions.get(key);
  const present = new Set(
    variations.map((v) => {
      const raw = v.attributes[key];
      return Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '');
    }),
  );
  const predefined = (definition?.values ?? []).filter((v) => present.has(v.value));
  const known = new Set(predefined.map((v) => v.value));
  return {
    name: key,
    displayName: localize(catalog, definition?.displayKey, locale) ?? key,
    values: [
      ...predefined.map((v) => ({
        value: v.value,
        displayValue: localize(catalog, v.displayValue, locale) ?? v.value,
      })),
      ...[...present].filter((v) => !known.has(v)).map((value) => ({ value, displayValue: value })),
    ],
  };
}
