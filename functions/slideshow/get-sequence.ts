import { requireProduct } from '../../lib/domain/catalog/product-request';
import { slideshowSequence } from '../../lib/domain/catalog/slideshow';
import { endpoint } from '../../lib/http/endpoint';
import { hasScope } from '../../lib/http/middleware/auth';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/** GET /{shopId}/products/{productId}/slideshow/sequence (products_read): the image names in display order. */
export const handler = endpoint(routes.getSlideshowSequence, { path: ProductPath }, async (req) =>
  answerFromCatalog(req, (catalog) => {
    const product = requireProduct(catalog, req.path.productId, hasScope(req.principal, 'products_write'));
    return ok(slideshowSequence(product));
  }),
);
