import { useState } from 'preact/hooks';
import type { ApiError, Order, OrderDocument } from '../api/client';
import { LoadError, Loading } from '../components';
import { useConsole } from '../context';
import { dateTime, money, t } from '../i18n';
import { pdfFile, pdfName } from '../orders/pdf';
import { refusalText } from '../orders/refusal';
import { apiFailure, useLoad } from '../use-load';

/**
 * An order's documents (invoice, credit note) with their PDF, and "Create invoice" while it has
 * none. A rejection's credit note appears here once the API wrote it. `version` reloads the list
 * whenever the order screen reloads the order; an invoice changes the order (`invoicedOn`, its
 * ETag), so `changed` has the order screen reload it.
 */
export function OrderDocuments(props: {
  order: Order;
  version: string;
  canWrite: boolean;
  changed: () => void;
}) {
  const { order, version, canWrite, changed } = props;
  const { api, session } = useConsole();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const path = { shopId: session.shop, orderId: order.orderId };
  const documents = useLoad(`documents:${session.shop}:${order.orderId}:${version}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/orders/{orderId}/documents', {
      params: { path, query: { resultsPerPage: 10 } },
    });
    if (!data) throw apiFailure(error, response);
    return data.items;
  });

  const createInvoice = async () => {
    setBusy(true);
    setOutcome(undefined);
    const { data, error, response } = await api.POST('/{shopId}/orders/{orderId}/documents', {
      params: { path },
      body: { documentType: 'Invoice' },
    });
    setOutcome(
      data
        ? { ok: true, text: t('documents.invoiceCreated', { number: data.documentNumber }) }
        : { ok: false, text: refusalText(response.status, error as ApiError | undefined, t) },
    );
    setBusy(false);
    changed();
  };

  /** The PDF asked for when wanted (it is rendered per request), then opened as a file. */
  const openPdf = async (document: OrderDocument) => {
    setOutcome(undefined);
    const { data, error, response } = await api.GET('/{shopId}/orders/{orderId}/documents', {
      params: { path, query: { includePdf: true, resultsPerPage: 10 } },
    });
    const found = data?.items.find((d) => d.documentNumber === document.documentNumber);
    if (!found?.documentPdf) {
      setOutcome({ ok: false, text: t('common.error', { reason: apiFailure(error, response).message }) });
      return;
    }
    const link = window.document.createElement('a');
    link.href = URL.createObjectURL(pdfFile(found.documentPdf));
    link.download = pdfName(found.documentType, found.documentNumber);
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    setOutcome({ ok: true, text: t('documents.pdfSaved', { name: link.download }) });
  };

  const hasInvoice = documents.data?.some((d) => d.documentType === 'Invoice') ?? true;
  return (
    <section aria-labelledby="documents-title" class="panel">
      <h2 id="documents-title">{t('documents.title')}</h2>
      <div role="status" aria-live="polite">
        {outcome ? <p class={`notice ${outcome.ok ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      {documents.error ? (
        <LoadError reason={documents.error} retry={documents.reload} />
      ) : !documents.data ? (
        <Loading />
      ) : documents.data.length === 0 ? (
        <p>{t('documents.none')}</p>
      ) : (
        <ul class="documents">
          {documents.data.map((document) => (
            <li key={document.documentNumber}>
              <span>
                {t(document.documentType === 'CreditNote' ? 'documents.creditNote' : 'documents.invoice', {
                  number: document.documentNumber,
                })}
              </span>{' '}
              <span class="muted">
                {dateTime(document.issueDate)} ·{' '}
                {money(
                  document.lineItemContainer.grandTotal.amount,
                  document.lineItemContainer.grandTotal.currency,
                )}
              </span>{' '}
              <button type="button" onClick={() => openPdf(document)}>
                {t('documents.pdf')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {canWrite && !hasInvoice && !order.rejectedOn ? (
        <div class="buttons">
          <button type="button" disabled={busy} onClick={createInvoice}>
            {t('documents.createInvoice')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
