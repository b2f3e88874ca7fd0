import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../batch-write';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { logKeysUpTo } from './catalog-log';

/**
 * The change log's clean-up, off the request path (docs/catalog.md "Compaction"). A new snapshot
 * makes the log entries up to the snapshot it replaced unnecessary: at 100,000 products that is
 * 1,536 entries of a few KB each. Deleting them within the compacting request took 16–25 s on
 * DynamoDB Local, timed out product writes beside it (their entries go to the same partition), and
 * in AWS costs ~6,000 WCU on the log partition, whose 1,000 WCU a second every catalog write shares.
 * So retiring a snapshot only marks the log prunable up to its version (one small update of the
 * meta item), and the every-minute task deletes the entries, paced.
 */

/** Entries deleted per BatchWriteItem, and the pause after each: at most ~500 WCU a second. */
const PRUNE_BATCH = 25;
const PAUSE_MS = 250;
/** A run stops after this long (the task's function has 50 s); the next minute goes on. */
const PRUNE_BUDGET_MS = 30_000;

/** Marks the log prunable up to `version` (only ever raised). */
export async function markLogPrunable(shopId: string, version: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shopMeta(shopId),
        UpdateExpression: 'SET logPrunableTo = :v',
        ConditionExpression: 'attribute_not_exists(logPrunableTo) OR logPrunableTo < :v',
        ExpressionAttributeValues: { ':v': version },
      }),
    );
  } catch (error) {
    // A newer retirement marked it further already.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Deletes the log entries marked prunable, paced; `unfinished` when the budget ran out first. */
export async function pruneCatalogLog(
  shopId: string,
  budgetMs = PRUNE_BUDGET_MS,
): Promise<{ deleted: number; unfinished: boolean }> {
  const started = Date.now();
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.shopMeta(shopId),
      ProjectionExpression: 'logPrunableTo',
    }),
  );
  const upTo = Item?.logPrunableTo;
  if (typeof upTo !== 'number') return { deleted: 0, unfinished: false };
  const stale = await logKeysUpTo(shopId, upTo);
  let deleted = 0;
  for (let start = 0; start < stale.length; start += PRUNE_BATCH) {
    if (Date.now() - started > budgetMs) return { deleted, unfinished: true };
    const batch = stale.slice(start, start + PRUNE_BATCH);
    await batchWrite(batch.map((key) => ({ delete: key })));
    deleted += batch.length;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return { deleted, unfinished: false };
}
