import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { inFlight } from './in-flight';
import type { ListQuery } from './query';

/** A listed item's key and its place in its list (the index's sort key: creation time, then id). */
export interface ListedKey {
  pk: string;
  sk: string;
  sort: string;
}

/** One partition's Query (newest first) and the name of its index's sort key. */
export interface SortedPartition {
  query: ListQuery;
  sortKey: string;
}

/**
 * Up to this many index entries (~120 bytes each) fit in the 4 KB a Query is billed for at least:
 * reading fewer from a partition would cost as much.
 */
const KEYS_PER_READ_UNIT = 32;

/** One partition read a chunk at a time. Everything not read yet is older than `frontier`. */
interface Stream extends SortedPartition {
  found: ListedKey[];
  frontier?: string;
  startKey?: Record<string, unknown>;
  done: boolean;
}

/**
 * The `need` newest entries of several partitions sorted newest first (the write buckets of a
 * series, and the series of a list) as if they were one, leaving out `except` (a cursor's item)
 * and listing an item in two of them once (a cart moving between series). Keys only.
 *
 * Every partition gets one Query; when `need` fits in a read unit, it asks each for `need + 1`
 * entries, which settles the page in that one round whatever the spread. A deeper slice asks each
 * for its share and a margin, and asks again only the partitions that may still hold an entry newer
 * than the slice's last: so it reads about what it returns, not `need` per partition.
 */
export async function newestAcross(
  partitions: readonly SortedPartition[],
  need: number,
  except?: string,
): Promise<ListedKey[]> {
  if (need <= 0) return [];
  const streams: Stream[] = partitions.map((p) => ({ ...p, found: [], done: false }));
  let reading = streams;
  let chunk = need + 1 <= KEYS_PER_READ_UNIT ? need + 1 : share(need + 1, streams.length);
  for (;;) {
    await Promise.all(reading.map((stream) => readMore(stream, chunk)));
    const merged = mergeFound(streams, except);
    const cut = merged.length >= need ? merged[need - 1]?.sort : undefined;
    // A partition may still hold one of the `need` newest while its unread entries can be newer than the cut.
    reading = streams.filter((s) => !s.done && (cut === undefined || (s.frontier as string) > cut));
    if (reading.length === 0) return merged.slice(0, need);
    chunk = share(Math.max(need - merged.length, 1), reading.length);
  }
}

/** What each of `partitions` is asked for to find `wanted` more among them: its share, half again. */
function share(wanted: number, partitions: number): number {
  return Math.max(KEYS_PER_READ_UNIT, Math.ceil((1.5 * wanted) / partitions) + 1);
}

async function readMore(stream: Stream, limit: number): Promise<void> {
  const { query, sortKey } = stream;
  const page = await inFlight(() =>
    dynamo().send(
      new QueryCommand({
        ...query,
        TableName: tableName(),
        Limit: limit,
        ProjectionExpression: 'pk, sk, #sort',
        ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#sort': sortKey },
        ExclusiveStartKey: stream.startKey,
      }),
    ),
  );
  for (const item of page.Items ?? [])
    stream.found.push({ pk: item.pk as string, sk: item.sk as string, sort: item[sortKey] as string });
  stream.startKey = page.LastEvaluatedKey;
  // The last entry evaluated, returned or filtered out (an expired cart): what follows is older.
  stream.frontier = page.LastEvaluatedKey?.[sortKey] as string | undefined;
  stream.done = page.LastEvaluatedKey === undefined;
}

/** Everything read so far, each item once, `except` left out, newest first. */
function mergeFound(streams: readonly Stream[], except: string | undefined): ListedKey[] {
  const distinct = new Map<string, ListedKey>();
  for (const stream of streams)
    for (const entry of stream.found)
      if (entry.sort !== except) distinct.set(`${entry.pk}|${entry.sk}`, entry);
  return [...distinct.values()].sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0));
}
