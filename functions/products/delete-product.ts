import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ProductPath } from '../../lib/schemas/products';
import { deleteProduct } from '../../lib/use-cases/catalog/delete-product';

/**
 * DELETE /{shopId}/products/{productId} (products_write; docs/catalog.md "Product writes") →
 * 204, a master with its variations; an unknown product is 404.
 */
export const handler = endpoint(routes.deleteProduct, { path: ProductPath }, async (req) => {
  await deleteProduct(req.shopId, req.path.productId);
  return noContent();
});
