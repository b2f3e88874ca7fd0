import type { ShopProduct } from '../schemas/shop-file';
import { type Catalog, localize } from './catalog';
import { productPrice, variationType } from './product-view';

export interface ListingOptions {
  locale: string;
  currency: string;
  sort: 'name' | 'price';
  direction: 'asc' | 'desc';
}

/**
 * The products GET /products lists, in order: visible regular products and masters (variations
 * are reached through their master), sorted by localized name or by price in the currency, ties
 * by product id so pages never overlap. Products without a price in the currency sort last.
 */
export function listProducts(catalog: Catalog, options: ListingOptions): ShopProduct[] {
  const collator = new Intl.Collator(options.locale.replace('_', '-'), {
    sensitivity: 'base',
    numeric: true,
  });
  const sign = options.direction === 'asc' ? 1 : -1;
  const keyed = [...catalog.products.values()]
    .filter((p) => p.visible && variationType(p) !== 'variation')
    .map((product) => ({
      product,
      name: localize(catalog, product.name, options.locale) ?? '',
      price: productPrice(product, options.currency),
    }));
  keyed.sort((a, b) => {
    if (options.sort === 'price') {
      if (a.price === null || b.price === null) return a.price === b.price ? 0 : a.price === null ? 1 : -1;
      if (a.price !== b.price) return sign * (a.price - b.price);
    } else {
      const byName = collator.compare(a.name, b.name);
      if (byName !== 0) return sign * byName;
    }
    return a.product.productId < b.product.productId ? -1 : 1;
  });
  return keyed.map((k) => k.product);
}
