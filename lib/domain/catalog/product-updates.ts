import type { Catalog } from './catalog';
import type { ShopProduct } from './catalog-types';

/** A product with the time of its latest write other than stock. */
export interface WrittenProduct {
  product: ShopProduct;
  lastUpdated: string;
}

/** A run of the index, as paging reads it: its length and slices. */
export interface WrittenProducts {
  readonly length: number;
  slice(start: number, end: number): WrittenProduct[];
}

/**
 * The catalog's products by their latest write, oldest first, then by id (`writtenAt`, set by every
 * catalog write of a product and by an import), built once per catalog version in this instance.
 * Products written before the field existed have none and are not in it.
 */
const byWrite = new WeakMap<Catalog, WrittenProduct[]>();

function writeOrder(catalog: Catalog): WrittenProduct[] {
  let order = byWrite.get(catalog);
  if (!order) {
    order = [];
    for (const product of catalog.products.values())
      if (product.writtenAt) order.push({ product, lastUpdated: product.writtenAt });
    order.sort(
      (a, b) => compare(a.lastUpdated, b.lastUpdated) || compare(a.product.productId, b.product.productId),
    );
    byWrite.set(catalog, order);
  }
  return order;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The products written after `changedAfter` (ISO, exclusive at the millisecond), each once at its
 * latest write, oldest first: a binary search in the catalog's write order, so a page costs no
 * DynamoDB read beyond the catalog's own refresh and `length` is exact.
 */
export function productsWrittenAfter(catalog: Catalog, changedAfter: string): WrittenProducts {
  const order = writeOrder(catalog);
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((order[middle] as WrittenProduct).lastUpdated <= changedAfter) low = middle + 1;
    else high = middle;
  }
  const from = low;
  return {
    length: order.length - from,
    slice: (start, end) => order.slice(from + start, from + end),
  };
}
