import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { BULK_CALL } from '../client-settings';
import { newId } from '../ids';
import { inParallel } from '../in-parallel';
import { keys } from '../keys';
import type { FeedItem, FeedKind } from './feed';

/**
 * A snapshot of a shop's feed of one kind (docs/data-model.md "Feed snapshots"): every entry the feed
 * held when a cold load read it, compressed into chunks, so the next cold instance reads a few items
 * and then the feed since the snapshot was taken, instead of every entry page by page (100,000 orders:
 * 100 Queries of 1,000 entries, tens of seconds on DynamoDB Local). Its pointer sits on the feed's
 * spread item, which a cold load reads anyway.
 */

/** Bytes per chunk: under DynamoDB's 400 KB item limit with room for the keys. */
const CHUNK_BYTES = 350_000;
/** Chunks read or written at once. */
const PARALLEL_CHUNKS = 8;
/** How long a replaced snapshot stays readable for cold loads that began before it was replaced. */
const RETIRED_TTL_SECONDS = 3600;

const deflate = promisify(deflateRaw);

/** Where a snapshot is and what it holds. */
export interface FeedSnapshotPointer {
  id: string;
  chunks: number;
  /** When the cold load that took it began (ms): every later change is in the feed after it. */
  takenAt: number;
  /** The write buckets the feed had then. */
  spread: number;
}

/** The spread item's facts for a cold load: the buckets, and the snapshot if there is one. */
export interface FeedHead {
  spread: number;
  snapshot: FeedSnapshotPointer | null;
}

/** One strongly consistent GetItem of the feed's spread item. */
export async function readFeedHead(shopId: string, kind: FeedKind): Promise<FeedHead> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.feedSpread(shopId, kind),
      ProjectionExpression: 'buckets, snapshotId, snapshotChunks, snapshotAt, snapshotSpread',
      ConsistentRead: true,
    }),
  );
  const snapshot =
    typeof Item?.snapshotId === 'string'
      ? {
          id: Item.snapshotId,
          chunks: Item.snapshotChunks as number,
          takenAt: Item.snapshotAt as number,
          spread: Item.snapshotSpread as number,
        }
      : null;
  return { spread: (Item?.buckets as number | undefined) ?? 1, snapshot };
}

/** The snapshot's entries; null when a chunk is gone (replaced long ago: the caller reads the feed). */
export async function readFeedSnapshot(
  shopId: string,
  kind: FeedKind,
  pointer: FeedSnapshotPointer,
): Promise<FeedItem[] | null> {
  const chunks = await inParallel(
    PARALLEL_CHUNKS,
    Array.from({ length: pointer.chunks }, (_, i) => i),
    async (index) => {
      const { Item } = await dynamo().send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.feedSnapshotChunk(shopId, kind, pointer.id, index),
          ConsistentRead: true,
        }),
        BULK_CALL,
      );
      return Item?.data as Uint8Array | undefined;
    },
  );
  if (chunks.some((chunk) => chunk === undefined)) return null;
  const rows = JSON.parse(inflateRawSync(Buffer.concat(chunks as Uint8Array[])).toString('utf8')) as Row[];
  return rows.map(([sort, ox, version, os]) => ({ sort, ox, version, ...(os ? { os: new Set(os) } : {}) }));
}

/** An entry as stored: its sort key, compact entry, version and status set. */
type Row = [string, string, number, string[]?];

/**
 * Stores the entries as the feed's snapshot, taken at `takenAt` over `spread` buckets, unless a
 * snapshot as new is published meanwhile (another instance's cold load); the one it replaces stays
 * readable for an hour, for cold loads that are reading it. Returns whether it was published.
 */
export async function writeFeedSnapshot(
  shopId: string,
  kind: FeedKind,
  entries: Iterable<FeedItem>,
  takenAt: number,
  spread: number,
): Promise<boolean> {
  const rows: Row[] = [];
  for (const { sort, ox, version, os } of entries)
    rows.push(os && os.size > 0 ? [sort, ox, version, [...os]] : [sort, ox, version]);
  const bytes = await deflate(JSON.stringify(rows));
  const id = newId();
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) chunks.push(bytes.subarray(at, at + CHUNK_BYTES));
  await inParallel(PARALLEL_CHUNKS, chunks, (data, index) =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.feedSnapshotChunk(shopId, kind, id, index), data },
      }),
      BULK_CALL,
    ),
  );
  const pointer = { id, chunks: chunks.length, takenAt, spread };
  let replaced: FeedSnapshotPointer | null;
  try {
    replaced = await publish(shopId, kind, pointer);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // A retry of a publication whose answer was lost fails its condition too: then it is ours.
    if ((await readFeedHead(shopId, kind)).snapshot?.id === id) return true;
    await retire(shopId, kind, pointer, 0);
    return false;
  }
  if (replaced) await retire(shopId, kind, replaced, Math.floor(Date.now() / 1000) + RETIRED_TTL_SECONDS);
  return true;
}

/** Points the spread item at the snapshot if none as new is there; returns the one it replaced. */
async function publish(
  shopId: string,
  kind: FeedKind,
  pointer: FeedSnapshotPointer,
): Promise<FeedSnapshotPointer | null> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.feedSpread(shopId, kind),
      UpdateExpression:
        'SET snapshotId = :id, snapshotChunks = :chunks, snapshotAt = :at, snapshotSpread = :spread',
      ConditionExpression: 'attribute_not_exists(snapshotAt) OR snapshotAt < :at',
      ExpressionAttributeValues: {
        ':id': pointer.id,
        ':chunks': pointer.chunks,
        ':at': pointer.takenAt,
        ':spread': pointer.spread,
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  if (typeof Attributes?.snapshotId !== 'string') return null;
  return {
    id: Attributes.snapshotId,
    chunks: Attributes.snapshotChunks as number,
    takenAt: Attributes.snapshotAt as number,
    spread: Attributes.snapshotSpread as number,
  };
}

/** Lets the chunks expire (TTL) at `expiresAt` (seconds; 0: at once). */
async function retire(shopId: string, kind: FeedKind, pointer: FeedSnapshotPointer, expiresAt: number) {
  await inParallel(
    PARALLEL_CHUNKS,
    Array.from({ length: pointer.chunks }, (_, i) => i),
    async (index) => {
      await dynamo()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.feedSnapshotChunk(shopId, kind, pointer.id, index),
            UpdateExpression: 'SET expiresAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': expiresAt || Math.floor(Date.now() / 1000) },
          }),
        )
        .catch((error) => {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        });
    },
  );
}
