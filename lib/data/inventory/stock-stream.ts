import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { STOCK_REASONS, type StockCause, type StockReason } from '../../domain/inventory/stock-events';
import { keys } from '../keys';

/**
 * What a stream record of a stock shard says (docs/inventory.md "Events"): which product's shard,
 * its committed level before and after (available plus held units: a checkout's take and a
 * give-back move units between the two and change nothing), why, and where in the stream it is.
 */
export interface ShardChange {
  /** The record's sequence number, zero-padded: per item, later records sort later. */
  seq: string;
  shopId: string;
  productId: string;
  shard: number;
  oldUnits: number;
  newUnits: number;
  cause: StockCause;
  time: string;
}

type Image = Record<string, AttributeValue>;

/**
 * The shard change of a stream record, or undefined for records of other items, for deletes (a
 * shard goes only with its product or past a shard count that shrank: no stock moved) and for a
 * shard the import creates (a product's first stock is where its level starts, not a change: no
 * "back in stock" for a product that was never out, and a shop import raises nothing for new products).
 */
export function shardChangeOf(record: DynamoDBRecord): ShardChange | undefined {
  const pk = record.dynamodb?.Keys?.pk?.S;
  const shard = pk === undefined ? undefined : keys.stockShardOf(pk);
  const image = record.dynamodb?.NewImage as Image | undefined;
  if (!shard || !image || record.eventName === 'REMOVE') return undefined;
  const old = record.dynamodb?.OldImage as Image | undefined;
  if (!old && reasonOf(image) === 'import') return undefined;
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    ...shard,
    seq: streamPosition(record.dynamodb?.SequenceNumber ?? ''),
    oldUnits: old ? committedOf(old) : 0,
    newUnits: committedOf(image),
    cause: { reason: reasonOf(image), orderId: image.orderId?.S ?? null },
    time: image.updatedAt?.S ?? new Date((created ?? 0) * 1000).toISOString(),
  };
}

/** A sequence number (up to 40 digits) zero-padded, so that text order is stream order. */
export function streamPosition(sequenceNumber: string): string {
  return sequenceNumber.padStart(40, '0');
}

function committedOf(image: Image): number {
  const held = Object.values(image.holds?.M ?? {}).map((v) => Number(v.N ?? 0));
  return Number(image.available?.N ?? 0) + held.reduce((a, b) => a + b, 0);
}

/** A write that names no known reason is taken for a merchant's direct change. */
function reasonOf(image: Image): StockReason {
  const reason = image.reason?.S;
  return (STOCK_REASONS as readonly string[]).includes(reason ?? '') ? (reason as StockReason) : 'patch';
}
