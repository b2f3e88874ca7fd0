import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { catalogItem } from './catalog-items';
import type { CatalogItemData } from './catalog-repository';
import { dynamo, tableName } from './client';
import { type CatalogKind, keys } from './keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A catalog item to store: its kind, id, data and optional list position. */
export type CatalogPut = {
  [K in CatalogKind]: { kind: K; id: string; data: CatalogItemData[K]; position?: number };
}[CatalogKind];
export type CatalogDelete = { kind: CatalogKind; id: string };

/** DynamoDB's TransactWriteItems limit, less the version bump. */
export const MAX_CATALOG_WRITES = 99;

/**
 * Writes catalog items and bumps the shop's catalog version in ONE transaction, so every instance
 * sees either none or all of the change and reloads its in-memory catalog on its next request.
 * `expectedVersion` makes the write conditional on the catalog the caller read (optimistic
 * concurrency for read-modify-write changes such as category moves); a conflict throws
 * TransactionCanceledException.
 */
export async function writeCatalog(
  shopId: string,
  change: { puts?: readonly CatalogPut[]; deletes?: readonly CatalogDelete[]; expectedVersion?: number },
): Promise<void> {
  const puts = change.puts ?? [];
  const deletes = change.deletes ?? [];
  if (puts.length + deletes.length > MAX_CATALOG_WRITES) {
    throw new RangeError(`a catalog change touches at most ${MAX_CATALOG_WRITES} items`);
  }
  const items: TransactItem[] = [
    ...puts.map(
      (put): TransactItem => ({
        Put: {
          TableName: tableName(),
          Item: catalogItem(shopId, put.kind, put.id, put.data, put.position),
        },
      }),
    ),
    ...deletes.map(
      (del): TransactItem => ({
        Delete: { TableName: tableName(), Key: keys.catalogItem(shopId, del.kind, del.id) },
      }),
    ),
    {
      Update: {
        TableName: tableName(),
        Key: keys.shopMeta(shopId),
        UpdateExpression: 'ADD catalogVersion :one',
        ...(change.expectedVersion === undefined
          ? { ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } }
          : {
              ConditionExpression: 'catalogVersion = :expected',
              ExpressionAttributeValues: { ':one': 1, ':expected': change.expectedVersion },
            }),
      },
    },
  ];
  await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
}
