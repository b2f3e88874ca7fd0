import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ProductPath } from '../../lib/schemas/products';
import { UpdateSlideshowSequenceBody } from '../../lib/schemas/slideshow';
import { updateSlideshowSequence } from '../../lib/use-cases/catalog/slideshow-changes';

/**
 * PUT /{shopId}/products/{productId}/slideshow/sequence (products_write): the body names exactly the
 * product's images, each once, in the new order (else 400) → 200 with that order.
 */
export const handler = endpoint(
  routes.updateSlideshowSequence,
  { path: ProductPath, body: UpdateSlideshowSequenceBody },
  async (req) => {
    await updateSlideshowSequence(req.shopId, req.path.productId, req.body);
    return ok(req.body);
  },
);
