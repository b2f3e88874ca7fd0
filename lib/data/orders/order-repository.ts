import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord, OrderRecord } from '../../domain/orders/order';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import type { CreationWindow } from '../lists/count';
import type { PageWanted } from '../lists/page';
import { type ListPage, readList } from '../lists/read-list';
import { series } from '../lists/series';
import { queryAll } from '../query-all';

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

/** A page of a shop's orders (or of one customer's) created within a window, newest first. */
export function listOrders(
  shopId: string,
  filter: CreationWindow & { customerId?: string },
  wanted: PageWanted,
): Promise<ListPage<OrderRecord>> {
  const list = [filter.customerId === undefined ? series.orders : series.customerOrders(filter.customerId)];
  return readList(shopId, 'ORDER', list, filter, wanted, (item) => item.data as OrderRecord);
}
