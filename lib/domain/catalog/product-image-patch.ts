import { RefusedInput } from '../errors';
import type { ShopProduct } from './catalog-types';
import { slideshowOf } from './slideshow';

/**
 * PATCH /products/{p} path `/productImage` (docs/catalog.md "Images (slideshow)": "PATCH
 * `/productImage` picks another"): makes one of the product's slideshow images its main image, so
 * its `images` and `productImage` show that image. `value` must be the name of an image in the
 * product's slideshow, else 400 on `[index].value`. For the product PATCH's operation loop (`add`
 * and `replace` both set it); the product it returns is the one the next operation sees.
 */
export function withMainImage(product: ShopProduct, value: unknown, index: number): ShopProduct {
  const slideshow = slideshowOf(product);
  if (typeof value !== 'string' || !slideshow.images.some((i) => i.name === value)) {
    throw new RefusedInput('Invalid JSON Patch', [
      {
        field: `[${index}].value`,
        message:
          slideshow.images.length === 0
            ? 'the product has no slideshow images: upload one first'
            : `must name an image of the product's slideshow (${slideshow.images.map((i) => i.name).join(', ')})`,
      },
    ]);
  }
  return { ...product, slideshow: { ...slideshow, main: value } };
}
