import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ProductEvent } from '../../domain/catalog/product-events';
import { dynamo, tableName } from '../client';
import { type CatalogKind, keys } from '../keys';
import type { CatalogChange, CatalogItemData } from './catalog-entries';
import { catalogItem } from './catalog-items';
import { logEntryItem } from './catalog-log';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A catalog item to store: its kind, id, data and optional list position. */
export type CatalogPut = {
  [K in CatalogKind]: { kind: K; id: string; data: CatalogItemData[K]; position?: number };
}[CatalogKind];
export type CatalogDelete = { kind: CatalogKind; id: string };

/** DynamoDB's TransactWriteItems limit (100), less the version bump and the log entry. */
export const MAX_CATALOG_WRITES = 98;

/**
 * Writes catalog items, their change-log entry and the shop's new catalog version in ONE
 * transaction, so every instance sees either none or all of the change and catches up on its next
 * request by reading that entry (lib/data/catalog/catalog-log.ts). `expectedVersion` makes the write
 * conditional on the catalog the caller read (optimistic concurrency, and the log entry's version);
 * a conflict throws TransactionCanceledException. `events` (product writes) ride in the log entry,
 * for the stream consumer to raise. Only the shop's write queue calls this
 * (lib/data/catalog/catalog-write-queue.ts), which also compacts after it; returns the new version
 * and its changes as the log entry holds them.
 */
export async function writeCatalog(
  shopId: string,
  change: {
    puts?: readonly CatalogPut[];
    deletes?: readonly CatalogDelete[];
    expectedVersion: number;
    events?: readonly ProductEvent[];
  },
): Promise<{ version: number; changes: CatalogChange[] }> {
  const deletes = change.deletes ?? [];
  if ((change.puts ?? []).length + deletes.length > MAX_CATALOG_WRITES) {
    throw new RangeError(`a catalog change touches at most ${MAX_CATALOG_WRITES} items`);
  }
  const version = change.expectedVersion + 1;
  const writtenAt = new Date().toISOString();
  const puts = (change.puts ?? []).map((put) => stamped(put, writtenAt));
  const changes: CatalogChange[] = [
    ...puts.map((p) => ({ kind: p.kind, id: p.id, position: p.position ?? 0, data: p.data })),
    ...deletes.map((d) => ({ kind: d.kind, id: d.id, deleted: true as const })),
  ];
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
      Put: {
        TableName: tableName(),
        Item: logEntryItem(shopId, version, changes, change.events),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.shopMeta(shopId),
        UpdateExpression: 'ADD catalogVersion :one',
        ConditionExpression: 'catalogVersion = :expected',
        ExpressionAttributeValues: { ':one': 1, ':expected': change.expectedVersion },
      },
    },
  ];
  await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  return { version, changes };
}

/** A product put carries the time of its write (GET /products/updated/attributes); others as they are. */
function stamped(put: CatalogPut, writtenAt: string): CatalogPut {
  return put.kind === 'product' ? { ...put, data: { ...put.data, writtenAt } } : put;
}
