import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { log } from '../../log';
import { dynamo, tableName } from '../client';
import { BULK_CALL } from '../client-settings';
import { newId } from '../ids';
import { inParallel } from '../in-parallel';
import { keys } from '../keys';
import type { CatalogState } from './catalog-entries';
import { markLogPrunable } from './catalog-log-prune';
import { encodeSnapshot } from './catalog-snapshot-format';

/**
 * Storage of catalog snapshots. A snapshot is immutable: its chunks are written under a new id
 * first, and only then does the shop's meta item point at it (snapshotId, snapshotVersion,
 * snapshotChunks), so a reader never sees a half-written one. A replaced snapshot's chunks are
 * not deleted at once (a cold start may be reading them) but get an expiry an hour ahead: DynamoDB's
 * TTL removes them, and the log entries the new snapshot covers are deleted.
 */

/** Which snapshot the meta item points at. */
export interface SnapshotPointer {
  id: string;
  /** The catalog version the snapshot holds. */
  version: number;
  chunks: number;
  /** Each chunk in a partition of its own (keys.catalogSnapshotChunk); false for the first layout. */
  spread: boolean;
}

/** Chunks read at once (each up to 350 KB): a cold start waits for them. */
const PARALLEL_CHUNKS = 8;
/**
 * Chunks written at once, one: a put of a chunk, and the update that expires a retired one (an
 * update rewrites the whole item), each moves 350 KB. Nobody reads a snapshot before it is
 * published, nor a retired one after its loads, and parallel writes queued every other request's
 * calls behind them (DynamoDB Local at 100,000 products: 8, then 2 at once timed PATCHes out beside
 * a compaction).
 */
const PARALLEL_CHUNK_WRITES = 1;
/** How long a replaced snapshot stays readable for loads that started before it was replaced. */
const RETIRED_SNAPSHOT_TTL_SECONDS = 3600;

/** The catalog version and snapshot pointer of a shop (one strongly consistent GetItem); null for no shop. */
export async function readCatalogHead(
  shopId: string,
): Promise<{ version: number; snapshot: SnapshotPointer | null } | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.shopMeta(shopId),
      ProjectionExpression: 'catalogVersion, snapshotId, snapshotVersion, snapshotChunks, snapshotSpread',
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return { version: Item.catalogVersion as number, snapshot: pointerOf(Item) };
}

/** Stores chunks under a new snapshot id; the snapshot is not visible until published. */
export async function writeSnapshotChunks(shopId: string, chunks: readonly Uint8Array[]): Promise<string> {
  const id = newId();
  await inParallel(PARALLEL_CHUNK_WRITES, chunks, async (data, index) => {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.catalogSnapshotChunk(shopId, id, index), data },
      }),
      BULK_CALL,
    );
  });
  return id;
}

/** The chunks of a snapshot, in order; null when one is gone (the snapshot was retired long ago). */
export async function readSnapshotChunks(
  shopId: string,
  pointer: SnapshotPointer,
): Promise<Uint8Array[] | null> {
  const indexes = Array.from({ length: pointer.chunks }, (_, i) => i);
  const chunks = await inParallel(PARALLEL_CHUNKS, indexes, async (index) => {
    const { Item } = await dynamo().send(
      // Strongly consistent: a chunk written just before its snapshot was published is there.
      new GetCommand({
        TableName: tableName(),
        Key: keys.catalogSnapshotChunk(shopId, pointer.id, index, pointer.spread),
        ConsistentRead: true,
      }),
      BULK_CALL,
    );
    return Item?.data as Uint8Array | undefined;
  });
  return chunks.every((c) => c !== undefined) ? (chunks as Uint8Array[]) : null;
}

/**
 * Points the meta item at a newer snapshot, unless one as new is there already (another instance
 * compacted first), or in place of the snapshot `replacing` names (one this release cannot read).
 * Returns the pointer it replaced (null when there was none), or false when it lost.
 */
export async function publishSnapshot(
  shopId: string,
  pointer: Omit<SnapshotPointer, 'spread'>,
  replacing?: string,
): Promise<SnapshotPointer | null | false> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shopMeta(shopId),
        UpdateExpression: `SET snapshotId = :id, snapshotVersion = :version, snapshotChunks = :chunks, snapshotSpread = :spread, ${KEEP_REPLACED}`,
        ConditionExpression: `catalogVersion >= :version AND (attribute_not_exists(snapshotVersion) OR snapshotVersion < :version${replacing ? ' OR snapshotId = :replacing' : ''})`,
        ExpressionAttributeValues: {
          ':id': pointer.id,
          ':version': pointer.version,
          ':chunks': pointer.chunks,
          ':spread': true,
          ...REPLACED_DEFAULTS,
          ...(replacing ? { ':replacing': replacing } : {}),
        },
        ReturnValues: 'UPDATED_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return pointerOf(Attributes);
  } catch (error) {
    return lostOrOwn(error, pointer.id);
  }
}

/**
 * The import's publication: bumps the catalog version from `expected` and points at the snapshot
 * of the imported file in one update. Returns the replaced pointer, or false when the version moved.
 */
export async function publishImportedSnapshot(
  shopId: string,
  expected: number,
  snapshot: { id: string; chunks: number },
): Promise<SnapshotPointer | null | false> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shopMeta(shopId),
        UpdateExpression: `SET catalogVersion = :next, snapshotId = :id, snapshotVersion = :next, snapshotChunks = :chunks, snapshotSpread = :spread, importedAt = :now, ${KEEP_REPLACED}`,
        ConditionExpression:
          expected === 0 ? 'attribute_not_exists(catalogVersion)' : 'catalogVersion = :expected',
        ExpressionAttributeValues: {
          ':next': expected + 1,
          ':id': snapshot.id,
          ':chunks': snapshot.chunks,
          ':spread': true,
          ':now': new Date().toISOString(),
          ...REPLACED_DEFAULTS,
          ...(expected === 0 ? {} : { ':expected': expected }),
        },
        ReturnValues: 'UPDATED_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return pointerOf(Attributes);
  } catch (error) {
    return lostOrOwn(error, snapshot.id);
  }
}

/**
 * After a snapshot replaced `old`: old's chunks expire in an hour (loads that began before the
 * switch can still finish), and log entries up to old's version, which no reader needs any more
 * (a reader behind the current snapshot loads the snapshot), are marked for the every-minute
 * clean-up (catalog-log-prune.ts).
 */
export async function retireSnapshot(shopId: string, old: SnapshotPointer): Promise<void> {
  await expireChunks(shopId, old, Math.floor(Date.now() / 1000) + RETIRED_SNAPSHOT_TTL_SECONDS);
  await markLogPrunable(shopId, old.version);
}

/** Marks chunks of a snapshot that was never published (a lost race) for removal right away. */
export async function discardSnapshot(shopId: string, id: string, chunks: number): Promise<void> {
  await expireChunks(shopId, { id, chunks, spread: true }, Math.floor(Date.now() / 1000));
}

async function expireChunks(
  shopId: string,
  { id, chunks, spread }: Pick<SnapshotPointer, 'id' | 'chunks' | 'spread'>,
  expiresAt: number,
): Promise<void> {
  await inParallel(
    PARALLEL_CHUNK_WRITES,
    Array.from({ length: chunks }, (_, i) => i),
    async (index) => {
      await dynamo()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.catalogSnapshotChunk(shopId, id, index, spread),
            UpdateExpression: 'SET expiresAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': expiresAt },
          }),
        )
        .catch((error) => {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        });
    },
  );
}

/**
 * A publication also copies the pointer it replaces into `replacedSnapshot*` (operands are read
 * before the update), so a retry that finds its own snapshot published still knows what to retire.
 */
const KEEP_REPLACED =
  'replacedSnapshotId = if_not_exists(snapshotId, :noId), replacedSnapshotVersion = if_not_exists(snapshotVersion, :noNumber), replacedSnapshotChunks = if_not_exists(snapshotChunks, :noNumber), replacedSnapshotSpread = if_not_exists(snapshotSpread, :noSpread)';
const REPLACED_DEFAULTS = { ':noId': '', ':noNumber': 0, ':noSpread': false };

/**
 * A publication whose condition failed: lost (false), unless the meta item already points at this
 * very snapshot. Then the SDK retried a publication DynamoDB had applied while its answer was lost:
 * it is published, and reading it as lost would discard the chunks it points at; the pointer it
 * replaced is the one it recorded (null when none), for the caller to retire.
 */
function lostOrOwn(error: unknown, id: string): SnapshotPointer | null | false {
  if (!(error instanceof ConditionalCheckFailedException)) throw error;
  const stored = error.Item as Record<string, { S?: string; N?: string; BOOL?: boolean }> | undefined;
  if (stored?.snapshotId?.S !== id) return false;
  log.warn('a snapshot publication was retried after its answer was lost: recognised as ours', { id });
  const replacedId = stored.replacedSnapshotId?.S;
  return replacedId
    ? {
        id: replacedId,
        version: Number(stored.replacedSnapshotVersion?.N),
        chunks: Number(stored.replacedSnapshotChunks?.N),
        spread: stored.replacedSnapshotSpread?.BOOL === true,
      }
    : null;
}

function pointerOf(attributes: Record<string, unknown> | undefined): SnapshotPointer | null {
  if (typeof attributes?.snapshotId !== 'string') return null;
  return {
    id: attributes.snapshotId,
    version: attributes.snapshotVersion as number,
    chunks: attributes.snapshotChunks as number,
    spread: attributes.snapshotSpread === true,
  };
}

/**
 * Stores a catalog state as the shop's snapshot (if none newer is published meanwhile, or in place
 * of the unreadable snapshot `replacing` names).
 */
export async function writeSnapshot(shopId: string, state: CatalogState, replacing?: string): Promise<void> {
  const version = state.catalog.version;
  const chunks = await encodeSnapshot(state);
  const id = await writeSnapshotChunks(shopId, chunks);
  const replaced = await publishSnapshot(shopId, { id, version, chunks: chunks.length }, replacing);
  if (replaced === false) {
    await discardSnapshot(shopId, id, chunks.length);
  } else if (replaced) {
    await retireSnapshot(shopId, replaced);
  }
  // Either way a snapshot of this version or newer is published: later states count from here.
  if (!state.snapshot) state.snapshot = { id, version, chunks: chunks.length };
  else if (version >= state.snapshot.version)
    Object.assign(state.snapshot, { version, chunks: chunks.length });
}
