import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord, OrderRecord } from '../domain/order';
import { dynamo, tableName } from './client';
import { keys } from './keys';

/** Reads of orders and their documents. */

/** An order with its documents (one Query of the order's partition), or null. */
export async function getOrderWithDocuments(
  shopId: string,
  orderId: string,
): Promise<{ order: OrderRecord; documents: DocumentRecord[] } | null> {
  let order: OrderRecord | undefined;
  const documents: DocumentRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.order(shopId, orderId).pk },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.kind === 'order') order = item.data as OrderRecord;
      else if (item.kind === 'document') documents.push(item.data as DocumentRecord);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return order ? { order, documents } : null;
}

/** Orders of a shop (or of one customer) created within [from, to], newest first. */
export async function listOrders(
  shopId: string,
  filter: { customerId?: string; from?: string; to?: string },
): Promise<OrderRecord[]> {
  const byCustomer = filter.customerId !== undefined;
  const orders: OrderRecord[] = [];
  const low = filter.from ?? '0';
  const high = `${filter.to ?? '9999'}#\uffff`;
  // DynamoDB refuses BETWEEN with low > high (a ValidationException, i.e. a 500): an empty range.
  if (low > high) return orders;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: byCustomer ? 'gsi2' : 'gsi1',
        KeyConditionExpression: `${byCustomer ? 'gsi2pk' : 'gsi1pk'} = :pk AND ${byCustomer ? 'gsi2sk' : 'gsi1sk'} BETWEEN :low AND :high`,
        ExpressionAttributeValues: {
          ':pk': byCustomer
            ? keys.ordersByCustomer(shopId, filter.customerId as string)
            : keys.ordersByCreation(shopId),
          ':low': low,
          ':high': high,
        },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) orders.push(item.data as OrderRecord);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return orders;
}
