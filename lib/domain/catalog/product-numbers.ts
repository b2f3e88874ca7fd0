import type { Catalog } from './catalog';
import { projectionOf } from './catalog-projection';

/**
 * The product that has a product number, if any (numbers are unique in a shop, compared exactly as
 * the import compares them). Reads the projection's product number column: no product is inflated.
 */
export function productIdWithNumber(catalog: Catalog, productNumber: string): string | undefined {
  const { columns } = projectionOf(catalog);
  const slot = columns.productNumbers.indexOf(productNumber);
  return slot < 0 ? undefined : columns.ids[slot];
}

/** The position a new product gets: after every other, so it comes last in catalog order. */
export function nextProductPosition(catalog: Catalog): number {
  const { positions } = projectionOf(catalog).columns;
  let last = -1;
  for (const position of positions) if (position > last) last = position;
  return last + 1;
}
