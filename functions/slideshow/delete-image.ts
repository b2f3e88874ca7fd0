import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { SlideshowImagePath } from '../../lib/schemas/slideshow';
import { deleteSlideshowImage } from '../../lib/use-cases/catalog/slideshow-changes';

/**
 * DELETE /{shopId}/products/{productId}/slideshow/{imageName} (products_write; the name URL-encoded)
 * → 204; an unknown product or image name is 404. Deleting the main image promotes the next one.
 */
export const handler = endpoint(routes.deleteSlideshowImage, { path: SlideshowImagePath }, async (req) => {
  await deleteSlideshowImage(req.shopId, req.path.productId, req.path.imageName);
  return noContent();
});
