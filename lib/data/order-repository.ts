import type { DocumentRecord, OrderRecord } from '../domain/order';
import { keys } from './keys';
import { queryAll } from './query-all';

/** Reads of orders and their documents. */

/** An order with its documents (one Query of the order's partition), or null. */
export async function getOrderWithDocuments(
  shopId: string,
  orderId: string,
): Promise<{ order: OrderRecord; documents: DocumentRecord[] } | null> {
  let order: OrderRecord | undefined;
  const documents: DocumentRecord[] = [];
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.order(shopId, orderId).pk },
    ConsistentRead: true,
  });
  for (const item of items) {
    if (item.kind === 'order') order = item.data as OrderRecord;
    else if (item.kind === 'document') documents.push(item.data as DocumentRecord);
  }
  return order ? { order, documents } : null;
}

/** Orders of a shop (or of one customer) created within [from, to], newest first. */
export async function listOrders(
  shopId: string,
  filter: { customerId?: string; from?: string; to?: string },
): Promise<OrderRecord[]> {
  const byCustomer = filter.customerId !== undefined;
  const low = filter.from ?? '0';
  const high = `${filter.to ?? '9999'}#\uffff`;
  // DynamoDB refuses BETWEEN with low > high (a ValidationException, i.e. a 500): an empty range.
  if (low > high) return [];
  const index = byCustomer ? 'gsi2' : 'gsi1';
  const items = await queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk AND ${index}sk BETWEEN :low AND :high`,
    ExpressionAttributeValues: {
      ':pk': byCustomer
        ? keys.ordersByCustomer(shopId, filter.customerId as string)
        : keys.ordersByCreation(shopId),
      ':low': low,
      ':high': high,
    },
    ScanIndexForward: false,
  });
  return items.map((item) => item.data as OrderRecord);
}
