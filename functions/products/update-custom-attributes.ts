import { customAttributesView } from '../../lib/domain/catalog/product-custom-attributes';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import {
  ProductPath,
  UpdateCustomAttributesBody,
  UpdateCustomAttributesQuery,
} from '../../lib/schemas/products';
import { updateCustomAttributes } from '../../lib/use-cases/catalog/update-custom-attributes';

/**
 * PATCH /{shopId}/products/{productId}/custom-attributes: JSON Patch add/remove of custom attributes
 * (docs/catalog.md "Custom attributes"), written with the catalog version bump, so the next read and search
 * see it. Works on invisible products too: the caller holds products_write, which is what includeInvisible
 * needs.
 */
export const handler = endpoint(
  routes.updateCustomAttributes,
  { path: ProductPath, query: UpdateCustomAttributesQuery, body: UpdateCustomAttributesBody },
  async (req) => {
    const { catalog, product } = await updateCustomAttributes({
      shopId: req.shopId,
      productId: req.path.productId,
      operations: req.body,
    });
    const locale = resolveLocale(catalog.settings, req.query.locale);
    return ok({ items: customAttributesView(catalog, product, locale) });
  },
);
