import { requireProduct } from '../../lib/domain/catalog/product-request';
import { slideshowItemView, slideshowOf } from '../../lib/domain/catalog/slideshow';
import { endpoint } from '../../lib/http/endpoint';
import { hasScope } from '../../lib/http/middleware/auth';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/products/{productId}/slideshow (products_read): `{items: [{name, images, sizes}]}`
 * in sequence order. An invisible product is shown to a products_write caller only (else 404).
 */
export const handler = endpoint(routes.listSlideshowImages, { path: ProductPath }, async (req) =>
  answerFromCatalog(req, (catalog) => {
    const product = requireProduct(catalog, req.path.productId, hasScope(req.principal, 'products_write'));
    return ok({ items: slideshowOf(product).images.map(slideshowItemView) });
  }),
);
