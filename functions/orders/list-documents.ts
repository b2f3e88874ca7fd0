import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { getOrderWithDocuments } from '../../lib/data/orders/order-repository';
import { documentInLocale } from '../../lib/domain/documents/locale';
import { pdfBase64, renderDocumentPdf } from '../../lib/domain/documents/pdf';
import { documentView } from '../../lib/domain/orders/order-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { pageOf } from '../../lib/schemas/common';
import { ListDocumentsQuery, OrderPath } from '../../lib/schemas/orders';

/**
 * GET /{shopId}/orders/{orderId}/documents (orders_read): the order's finalized invoices and credit
 * notes by number, paged; with includePdf=true each carries its PDF, base64 without line breaks
 * (rendered from the frozen snapshot, so always the same document). Texts, formats and the PDF are
 * in `locale` when given (resolved like every locale query: one the shop lacks falls back by the
 * shop's rule), else in the order's language; the figures never change.
 */
export const handler = endpoint(
  routes.listDocuments,
  { path: OrderPath, query: ListDocumentsQuery },
  async (req) => {
    const found = await getOrderWithDocuments(req.shopId, req.path.orderId);
    if (!found) throw new NotFound('Order not found');
    // The catalog (the shop's locales) is read only when a locale is asked for.
    const locale = req.query.locale
      ? resolveLocale((await requireCatalog(req.shopId)).settings, req.query.locale)
      : found.order.locale;
    const page = pageOf(found.documents, req.query.page, req.query.resultsPerPage);
    const ctx = req.view(locale);
    const items = await Promise.all(
      page.items.map(async (stored) => {
        const document = documentInLocale(stored, locale);
        const pdf = req.query.includePdf ? pdfBase64(await renderDocumentPdf(document)) : null;
        return documentView(document, ctx, pdf);
      }),
    );
    return ok({ ...page, items }, NO_STORE);
  },
);
