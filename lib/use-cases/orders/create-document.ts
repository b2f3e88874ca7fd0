import { newId } from '../../data/ids';
import { finalizeDocument } from '../../data/orders/finalize-document';
import { getOrderWithDocuments } from '../../data/orders/order-repository';
import { NotFoundError } from '../../domain/errors';
import type { DocumentRecord, DocumentType, OrderRecord } from '../../domain/orders/order';
import { documentFromOrder } from '../../domain/orders/order-document';

/**
 * Finalizes an invoice or credit note of an order with the next number of the shop's document
 * sequence (lib/data/finalize-document.ts): one invoice per order, a credit note only for an
 * invoiced order (StateConflict otherwise). Unknown order: NotFoundError.
 */
export async function createDocument(input: {
  shopId: string;
  orderId: string;
  documentType: DocumentType;
}): Promise<{ order: OrderRecord; document: DocumentRecord }> {
  const found = await getOrderWithDocuments(input.shopId, input.orderId);
  if (!found) throw new NotFoundError('Order');
  const { order } = found;
  const now = new Date().toISOString();
  const document = await finalizeDocument(order, input.documentType, (documentNumber) =>
    documentFromOrder(order, { documentId: newId(), documentType: input.documentType, documentNumber, now }),
  );
  return { order, document };
}
