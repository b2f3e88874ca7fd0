import { updateProduct } from '../../data/catalog/product-writes';
import { deleteMediaObjects } from '../../data/images/media-objects';
import { requireSlideshowImage, withImageRemoved, withSequence } from '../../domain/catalog/slideshow';
import { log } from '../../log';

/** What ProductUpdated names for a slideshow change (its main image, `images` and `productImage`, may follow). */
export const SLIDESHOW_CHANGED = ['/slideshow'] as const;

/**
 * DELETE /products/{p}/slideshow/{imageName}: the image leaves the product through the catalog's
 * optimistic write (the main image passes to the first remaining one), then its objects are
 * deleted. A failed object delete after the catalog write leaves unreachable objects (harmless
 * garbage, docs/catalog.md "Images (slideshow)"), never a product showing a deleted image.
 */
export async function deleteSlideshowImage(shopId: string, productId: string, name: string): Promise<void> {
  let keys: string[] = [];
  await updateProduct(
    shopId,
    productId,
    (_, product) => {
      keys = requireSlideshowImage(product, name).objectKeys;
      return withImageRemoved(product, name);
    },
    SLIDESHOW_CHANGED,
  );
  await deleteMediaObjects(keys).catch((error: unknown) =>
    log.warn('deleting the objects of a removed image failed: they stay as garbage', {
      keys,
      error: String(error),
    }),
  );
}

/** PUT /products/{p}/slideshow/sequence: the images in the given order (exactly the product's images). */
export async function updateSlideshowSequence(
  shopId: string,
  productId: string,
  names: readonly string[],
): Promise<void> {
  await updateProduct(shopId, productId, (_, product) => withSequence(product, names), SLIDESHOW_CHANGED);
}
