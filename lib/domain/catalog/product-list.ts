import type { Catalog } from './catalog';
import type { CatalogProjection } from './catalog-projection';
import type { ShopProduct } from './catalog-types';

/**
 * Products of a listing or search by projection slot, fetched from the catalog only when read: a
 * catalog keeps its products compressed (lib/data/catalog/catalog-products.ts), so an answer inflates the
 * page it shows, not every hit.
 */
export class ProductList {
  constructor(
    private readonly catalog: Catalog,
    private readonly projection: CatalogProjection,
    private readonly slots: ArrayLike<number>,
  ) {}

  get length(): number {
    return this.slots.length;
  }

  /** The products from `start` up to `end` (exclusive), like Array.prototype.slice. */
  slice(start = 0, end = this.slots.length): ShopProduct[] {
    const found: ShopProduct[] = [];
    const from = Math.max(0, start);
    const to = Math.min(end, this.slots.length);
    for (let k = from; k < to; k++) found.push(this.at(k));
    return found;
  }

  map<T>(f: (product: ShopProduct, index: number) => T): T[] {
    return this.slice().map(f);
  }

  /** The product at position k of the list. */
  at(k: number): ShopProduct {
    const id = this.projection.productIds[this.slots[k] as number] as string;
    const product = this.catalog.products.get(id);
    if (!product) throw new Error(`product ${id} of the projection is missing from its catalog`);
    return product;
  }
}
