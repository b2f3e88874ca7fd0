import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord, OrderRecord } from '../../domain/orders/order';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { Cancellation } from './cancellations';

/** Reads of orders and their documents. */

/** An order without its documents (one strongly consistent GetItem), or null. */
export async function getOrder(shopId: string, orderId: string): Promise<OrderRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.order(shopId, orderId), ConsistentRead: true }),
  );
  return Item ? (Item.data as OrderRecord) : null;
}

/** An order with its documents (one Query of the order's partition), or null. */
export async function getOrderWithDocuments(
  shopId: string,
  orderId: string,
): Promise<{ order: OrderRecord; documents: DocumentRecord[]; version: number } | null> {
  return getOrderPartition(shopId, orderId);
}

/** Everything an order's partition holds: the order, its version, its documents and its cancellation. */
export interface OrderPartition {
  order: OrderRecord;
  /** The order item's version (0 until its first change): its ETag. */
  version: number;
  documents: DocumentRecord[];
  cancellation: Cancellation | null;
}

/** The order's partition in one strongly consistent Query, or null for an unknown order. */
export async function getOrderPartition(shopId: string, orderId: string): Promise<OrderPartition | null> {
  let found: Pick<OrderPartition, 'order' | 'version'> | undefined;
  let cancellation: Cancellation | null = null;
  const documents: DocumentRecord[] = [];
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.order(shopId, orderId).pk },
    ConsistentRead: true,
  });
  for (const item of items) {
    if (item.kind === 'order')
      found = { order: item.data as OrderRecord, version: (item.version as number | undefined) ?? 0 };
    else if (item.kind === 'document') documents.push(item.data as DocumentRecord);
    else if (item.kind === 'cancellation') cancellation = item as unknown as Cancellation;
  }
  return found ? { ...found, documents, cancellation } : null;
}
