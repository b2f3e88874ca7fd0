import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../lib/data/client';

/**
 * The orders of a shop per cart (cartId → orderIds), read straight from the table with a Scan: the
 * bench's own DynamoDB Local holds only its shop, and no API answer names an order's cart. Run
 * after the load, when DynamoDB answers again, to see whether any cart was ordered twice.
 */
export async function ordersPerCart(shopId: string): Promise<Map<string, string[]>> {
  const perCart = new Map<string, string[]>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#kind = :order AND shopId = :shop',
        ProjectionExpression: 'cartId, orderId',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':order': 'order', ':shop': shopId },
        // Small pages: a page of 1 MB (catalog snapshots, carts) took DynamoDB Local longer than the
        // client's 1.5 s request timeout, and the run ended in a TimeoutError before its report.
        Limit: 200,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const { cartId, orderId } = item as { cartId: string; orderId: string };
      perCart.set(cartId, [...(perCart.get(cartId) ?? []), orderId]);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return perCart;
}
