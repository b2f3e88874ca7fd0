import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PRODUCT_EVENTS_ATTRIBUTE, type ProductEvent } from '../../domain/catalog/product-events';
import { dynamo, tableName } from '../client';
import { type Key, keys } from '../keys';
import type { CatalogChange } from './catalog-entries';

/** DynamoDB's item limit is 400 KB; a change bigger than this (compressed) is refused before writing. */
const MAX_ENTRY_BYTES = 380_000;

/**
 * The change log of a shop's catalog: one item per catalog version written through the API, with
 * every item that version put or deleted (one compressed blob). It is written in the transaction
 * that bumps the version, so entry v exists exactly when version v came from writeCatalog; a warm
 * instance at version u catches up to v with one strongly consistent Query of the entries u+1..v,
 * reading units in proportion to the change, not to the catalog. A product write also names its
 * product events there (plain, with the shop and the time): the stream consumer raises them from
 * the entry's INSERT, so an event exists exactly when its change was stored.
 */
export function logEntryItem(
  shopId: string,
  version: number,
  changes: readonly CatalogChange[],
  events: readonly ProductEvent[] = [],
) {
  const blob = deflateRawSync(JSON.stringify(changes));
  if (blob.length > MAX_ENTRY_BYTES)
    throw new RangeError(`a catalog change of ${blob.length} bytes compressed exceeds one log entry`);
  const raised =
    events.length > 0
      ? { shopId, changedAt: new Date().toISOString(), [PRODUCT_EVENTS_ATTRIBUTE]: events }
      : {};
  return { ...keys.catalogLogEntry(shopId, version), version, changes: blob, ...raised } satisfies Key &
    Record<string, unknown>;
}

/**
 * The changes of versions after..upTo, oldest first, one list per version; null when an entry is
 * missing (a version written by an import, or entries already compacted away): the caller then
 * loads the current snapshot instead.
 */
export async function readLog(
  shopId: string,
  after: number,
  upTo: number,
): Promise<CatalogChange[][] | null> {
  if (upTo <= after) return [];
  const found: CatalogChange[][] = [];
  let startKey: Record<string, unknown> | undefined;
  let expected = after + 1;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.catalogLogPartition(shopId),
          ':from': keys.catalogLogSort(after + 1),
          ':to': keys.catalogLogSort(upTo),
        },
        // Strongly consistent, like the version read: the entry of the version just read is there.
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.version !== expected) return null;
      found.push(logEntryChanges(item.changes as Uint8Array));
      expected++;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return expected === upTo + 1 ? found : null;
}

/** The changes a log entry's `changes` blob holds. */
export function logEntryChanges(blob: Uint8Array): CatalogChange[] {
  return JSON.parse(inflateRawSync(blob).toString('utf8')) as CatalogChange[];
}

/** Keys of the log entries up to a version (those a new snapshot makes unnecessary). */
export async function logKeysUpTo(shopId: string, version: number): Promise<Key[]> {
  const found: Key[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk <= :to',
        ExpressionAttributeValues: {
          ':pk': keys.catalogLogPartition(shopId),
          ':to': keys.catalogLogSort(version),
        },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) found.push({ pk: item.pk as string, sk: item.sk as string });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}
