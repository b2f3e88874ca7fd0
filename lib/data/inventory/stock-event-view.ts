import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StockEvent } from '../../domain/inventory/stock-events';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';

/**
 * The stock events' view of one product (docs/inventory.md "Events"): the committed level of each
 * shard as the stream has shown it so far, the stream position of the last record applied per
 * shard, and the events those last records raised. A shard's stream record carries only that
 * shard's levels; this item is where the product's total before and after each change is known,
 * one change after another even when two consumers read different shards of the product at once
 * (each write is conditional on the revision it read). The events kept per shard let a retried
 * batch publish again exactly what its first attempt raised, so no crossing is lost or doubled.
 */
export interface StockView {
  /** Shard number → committed level (integer thousandths). */
  levels: Record<string, number>;
  /** Shard number → sequence number (zero-padded) of the last stream record applied. */
  seqs: Record<string, string>;
  /** Shard number → sequence number → the events its record raised, for the shard's latest fold. */
  recent: Record<string, Record<string, StockEvent[]>>;
  /** Bumped by every write; 0 = no item yet. */
  rev: number;
}

/** The product's view, strongly consistent; an empty one when there is none yet. */
export async function readStockView(shopId: string, productId: string): Promise<StockView> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.stockView(shopId, productId), ConsistentRead: true }),
  );
  return {
    levels: (Item?.levels as StockView['levels'] | undefined) ?? {},
    seqs: (Item?.seqs as StockView['seqs'] | undefined) ?? {},
    recent: (Item?.recent as StockView['recent'] | undefined) ?? {},
    rev: (Item?.rev as number | undefined) ?? 0,
  };
}

/** Stores the view if nobody wrote it since revision `view.rev` was read; false when someone did. */
export async function writeStockView(shopId: string, productId: string, view: StockView): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.stockView(shopId, productId), kind: 'stockView', ...view, rev: view.rev + 1 },
        ConditionExpression: view.rev === 0 ? 'attribute_not_exists(pk)' : 'rev = :rev',
        ...(view.rev === 0 ? {} : { ExpressionAttributeValues: { ':rev': view.rev } }),
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return false;
  }
}
