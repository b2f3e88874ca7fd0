import { getOrderWithDocuments } from '../../lib/data/order-repository';
import { pdfBase64, renderDocumentPdf } from '../../lib/domain/document-pdf';
import { documentView } from '../../lib/domain/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { pageOf } from '../../lib/schemas/common';
import { ListDocumentsQuery, OrderPath } from '../../lib/schemas/orders';

/**
 * GET /{shopId}/orders/{orderId}/documents (orders_read): the order's finalized invoices and credit
 * notes by number, paged; with includePdf=true each carries its PDF, in the order's language,
 * base64 without line breaks (rendered from the frozen snapshot, so always the same document).
 */
export const handler = endpoint(
  routes.listDocuments,
  { path: OrderPath, query: ListDocumentsQuery },
  async (req) => {
    const found = await getOrderWithDocuments(req.shopId, req.path.orderId);
    if (!found) throw new NotFound('Order not found');
    const page = pageOf(found.documents, req.query.page, req.query.resultsPerPage);
    const ctx = req.view(found.order.locale);
    const items = await Promise.all(
      page.items.map(async (document) =>
        documentView(
          document,
          ctx,
          req.query.includePdf ? pdfBase64(await renderDocumentPdf(document)) : null,
        ),
      ),
    );
    return ok({ ...page, items }, NO_STORE);
  },
);
