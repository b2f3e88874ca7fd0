import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { productReply } from '../../lib/http/product-reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { CreateProductBody, CreateProductQuery } from '../../lib/schemas/products';
import { createProduct } from '../../lib/use-cases/catalog/create-product';

/**
 * POST /{shopId}/products (products_write; docs/catalog.md "Product writes") → 201 with the
 * product as GET returns it, its ETag and Location. A bad field: 400 naming it; a taken product
 * number: 409.
 */
export const handler = endpoint(
  routes.createProduct,
  { path: ShopPath, query: CreateProductQuery, body: CreateProductBody },
  async (req) => {
    const { catalog, product, units } = await createProduct({
      shopId: req.shopId,
      fields: req.body,
      ...req.query,
    });
    const currency = req.query.currency ?? catalog.settings.defaultCurrency;
    const locale = resolveLocale(catalog.settings, req.query.locale);
    const reply = productReply(catalog, product, units, { ...req.view(locale), currency });
    return {
      ...reply,
      status: 201,
      headers: { ...reply.headers, Location: `/${req.shopId}/products/${product.productId}` },
    };
  },
);
