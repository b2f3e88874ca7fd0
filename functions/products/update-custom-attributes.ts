import { updateProduct } from '../../lib/data/product-writes';
import { applyAttributePatch, customAttributesView } from '../../lib/domain/product-custom-attributes';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import {
  ProductPath,
  UpdateCustomAttributesBody,
  UpdateCustomAttributesQuery,
} from '../../lib/schemas/products';

/**
 * PATCH /{shopId}/products/{productId}/custom-attributes: JSON Patch add/remove of custom attributes
 * (contract "Products"), written with the catalog version bump, so the next read and search see it.
 * Works on invisible products too: the caller holds products_write, which is what includeInvisible needs.
 */
export const handler = endpoint(
  routes.updateCustomAttributes,
  { path: ProductPath, query: UpdateCustomAttributesQuery, body: UpdateCustomAttributesBody },
  async (req) => {
    const { catalog, product } = await updateProduct(req.shopId, req.path.productId, (current, found) => {
      const patched = applyAttributePatch(current, found, req.body);
      if (patched.errors.length > 0) throw new BadRequest('Invalid JSON Patch', patched.errors);
      return patched.product;
    });
    const locale = resolveLocale(catalog.settings, req.query.locale);
    return ok({ items: customAttributesView(catalog, product, locale) });
  },
);
