import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { type CatalogKind, keys } from '../keys';

const BATCH_SIZE = 100; // DynamoDB's BatchGetItem limit
const MAX_ROUNDS = 8;

/**
 * The stored list positions of catalog items, by id (items that do not exist are left out).
 * The in-memory Catalog keeps only the order, not the numbers; a write that replaces an item must
 * keep its number, or the item would jump to the front of its list (catalog-repository sorts by it).
 */
export async function catalogPositions(
  shopId: string,
  kind: CatalogKind,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const positions = new Map<string, number>();
  const idBySk = new Map(ids.map((id) => [keys.catalogItem(shopId, kind, id).sk, id]));
  const unique = [...idBySk.keys()];
  for (let start = 0; start < unique.length; start += BATCH_SIZE) {
    let pending: Record<string, unknown>[] = unique
      .slice(start, start + BATCH_SIZE)
      .map((sk) => ({ pk: keys.catalogPartition(shopId), sk }));
    for (let round = 0; pending.length > 0; round++) {
      if (round === MAX_ROUNDS) throw new Error(`DynamoDB left ${pending.length} keys unprocessed`);
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
      const result = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              // A stale position would silently move the item when it is written back.
              ConsistentRead: true,
              ProjectionExpression: 'sk, #position',
              ExpressionAttributeNames: { '#position': 'position' },
            },
          },
        }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) {
        const id = idBySk.get(item.sk as string);
        if (id !== undefined) positions.set(id, (item.position as number | undefined) ?? 0);
      }
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
  }
  return positions;
}
