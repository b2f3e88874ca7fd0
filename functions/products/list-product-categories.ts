import { productCategories } from '../../lib/domain/catalog/product-categories';
import { requireProduct } from '../../lib/domain/catalog/product-request';
import { categoryView } from '../../lib/domain/categories/category-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { allowInvisible } from '../../lib/http/include-invisible';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ListProductCategoriesQuery } from '../../lib/schemas/categories';
import { ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/products/{productId}/categories: the categories the product is assigned to (the
 * target of the product's `categories` link), a bare array of Category as GET /categories returns
 * (docs/api-rules.md "Lists and paging"). Unknown or invisible product: 404; includeInvisible needs
 * products_write and shows invisible products and categories.
 */
export const handler = endpoint(
  routes.listProductCategories,
  { path: ProductPath, query: ListProductCategoriesQuery },
  async (req) => {
    const includeInvisible = allowInvisible(req.principal, req.query.includeInvisible);
    return answerFromCatalog(req, (catalog) => {
      const product = requireProduct(catalog, req.path.productId, includeInvisible);
      const ctx = { ...req.view(resolveLocale(catalog.settings, req.query.locale)), includeInvisible };
      return ok(
        productCategories(catalog, product, includeInvisible).map((c) => categoryView(catalog, c, ctx)),
      );
    });
  },
);
