import { requireExportLocale } from '../../lib/domain/exports/product-export';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ExportProductsQuery } from '../../lib/schemas/product-export';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';
import { exportProducts } from '../../lib/use-cases/exports/export-products';

/**
 * GET /{shopId}/products/export (products_read_batch) → 303 See Other to a presigned URL of the
 * catalog's CSV export, the URL also in the body (docs/catalog.md "Export"); a locale the shop does
 * not have is 400. The file is generated once per catalog version and locale.
 */
export const handler = endpoint(
  routes.exportProducts,
  { path: ShopPath, query: ExportProductsQuery },
  async (req) => {
    const { catalog, locale } = await answerFromCatalog(req, (catalog) => ({
      catalog,
      locale: requireExportLocale(catalog, req.query.locale),
    }));
    const { url } = await exportProducts(catalog, locale);
    return { status: 303, body: { url }, headers: { Location: url } };
  },
);
