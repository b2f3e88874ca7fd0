import type { Shard } from '@aws-sdk/client-dynamodb-streams';

/** Where a shard's reading begins. */
export type ShardStart = { shardId: string; from: 'LATEST' | 'TRIM_HORIZON' };

/** What the runner knows of the shards: listed before, started, read to their end. */
export interface ShardState {
  /** No listing has been acted on yet (the runner is starting). */
  first: boolean;
  started: ReadonlySet<string>;
  finished: ReadonlySet<string>;
}

/**
 * Which listed shards to start reading now, and which to leave for good (as an event source mapping
 * follows a stream). At the runner's start, open shards are read from their end (LATEST: what
 * happens from now on) and closed ones are left: their records are older than the runner. A shard
 * listed later was created after the start (a split, a closed shard's successor) and is read from
 * its first record (TRIM_HORIZON), but only once its parent has been read to the end, so that an
 * item's later record never overtakes an earlier one across a split.
 */
export function shardsToStart(
  listed: readonly Shard[],
  state: ShardState,
): { starts: ShardStart[]; left: string[] } {
  const ids = new Set(listed.map((s) => s.ShardId));
  const starts: ShardStart[] = [];
  const left: string[] = [];
  for (const shard of listed) {
    const id = shard.ShardId;
    if (!id || state.started.has(id) || state.finished.has(id)) continue;
    const closed = shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
    if (state.first) {
      if (closed) left.push(id);
      else starts.push({ shardId: id, from: 'LATEST' });
      continue;
    }
    const parent = shard.ParentShardId;
    // A parent no longer listed (trimmed) and never read leaves nothing to wait for.
    const parentDone =
      !parent || state.finished.has(parent) || (!ids.has(parent) && !state.started.has(parent));
    if (parentDone) starts.push({ shardId: id, from: 'TRIM_HORIZON' });
  }
  return { starts, left };
}
