import type { Shard } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamFilterPattern } from '../../../functions/events/stream-filter';
import type { RetryBackoff, StreamHandler } from './deliver-batch';
import { pause } from './pause';
import { type ShardStart, shardsToStart } from './shard-plan';
import { openIterator, readShard, type ShardReading } from './shard-reader';
import type { StreamsApi } from './streams-api';

export interface StreamRunnerOptions {
  api: StreamsApi;
  streamArn: string;
  /** The consumer, called as Lambda calls it (functions/events/publish-domain-events.ts). */
  handler: StreamHandler;
  filters: readonly StreamFilterPattern[];
  batchSize: number;
  /** How often a shard is polled while records come, from one poll's start to the next. */
  pollMs: number;
  retry?: RetryBackoff;
  /** How often the shards are listed again while some are read (also at once when one ends). */
  listEveryMs?: number;
  /** Problems: a failing handler, a failing Streams API. */
  report?: (line: string) => void;
  /** Told which records the handler has taken, and when (measuring the stream's lag; none by default). */
  handled?: (records: readonly DynamoDBRecord[], doneAt: number) => void;
}

export interface StreamRunner {
  /** Resolves once the stream's open shards have iterators: every write from then on is seen. */
  ready: Promise<void>;
  /** Stops polling and waiting; resolves when no call and no timer of the runner is left. */
  stop(): Promise<void>;
}

/**
 * A failed batch is tried again after 200 ms, doubling up to 1 s. Short, as the reader's wait on a
 * failing Streams API is (shard-reader.ts): a consumer fails mostly while DynamoDB Local does not
 * answer, and a longer wait held the records written after it answered again (with up to 10 s, the
 * sales tally's records waited 3 s after a 12 s pause: docs/performance.md "The stream's lag").
 */
const DEFAULT_RETRY: RetryBackoff = { firstMs: 200, maxMs: 1_000 };
const DEFAULT_LIST_EVERY_MS = 30_000;

/**
 * The twin's event source mapping: reads a table's stream with the DynamoDB Streams API, shard by
 * shard, and calls the consumer with the records that pass the mapping's filters, in batches, in
 * stream order per shard (docs/operations.md "Events on the twin"). Shards are followed as Lambda
 * follows them: the open ones from now on, later ones (splits, successors) from their start once
 * their parent is read to its end (shard-plan.ts). Each shard has one reader; a batch the consumer
 * reports as failed is retried from the failed record (deliver-batch.ts).
 */
export function startStreamRunner(options: StreamRunnerOptions): StreamRunner {
  const controller = new AbortController();
  const { signal } = controller;
  const report = options.report ?? ((line: string) => process.stderr.write(`${line}\n`));
  const reading: ShardReading = {
    api: options.api,
    streamArn: options.streamArn,
    filters: options.filters,
    batchSize: options.batchSize,
    pollMs: options.pollMs,
    signal,
    report,
    delivery: {
      handler: options.handler,
      retry: options.retry ?? DEFAULT_RETRY,
      wait: (ms) => pause(ms, signal),
      report,
      ...(options.handled ? { handled: options.handled } : {}),
    },
  };
  const started = new Set<string>();
  const finished = new Set<string>();
  const readers = new Set<Promise<void>>();
  let nap = new AbortController();

  const read = (start: ShardStart, iterator: string) => {
    started.add(start.shardId);
    const reader = readShard(start, iterator, reading).then(
      (result) => {
        readers.delete(reader);
        if (result !== 'ended') return;
        finished.add(start.shardId);
        nap.abort(); // list again now: the shard's successors can start
      },
      (error: unknown) => {
        readers.delete(reader);
        report(`[stream] shard ${start.shardId} stopped: ${(error as Error).message}`);
      },
    );
    readers.add(reader);
  };

  const act = async (first: boolean) => {
    const { starts, left } = shardsToStart(await listShards(options.api, options.streamArn, signal), {
      first,
      started,
      finished,
    });
    for (const id of left) finished.add(id);
    // Iterators first, readers after: `ready` means every open shard is being followed.
    const opened = await Promise.all(
      starts.map(async (s) => [s, await openIterator(s, undefined, reading)] as const),
    );
    for (const [start, iterator] of opened) read(start, iterator);
  };

  const ready = act(true);
  const listing = (async () => {
    await ready.catch(() => {});
    let failures = 0;
    while (!signal.aborted) {
      nap = new AbortController();
      // Nothing being read (every shard ended): list again soon, the successor is on its way.
      const ms =
        readers.size > 0 ? (options.listEveryMs ?? DEFAULT_LIST_EVERY_MS) : options.pollMs * 2 ** failures;
      await pause(Math.min(ms, 60_000), AbortSignal.any([signal, nap.signal]));
      if (signal.aborted) break;
      try {
        await act(false);
        failures = 0;
      } catch (error) {
        if (signal.aborted) break;
        failures = Math.min(failures + 1, 8);
        if (failures === 1) report(`[stream] listing shards failed: ${(error as Error).message}`);
      }
    }
  })();

  return {
    ready,
    stop: async () => {
      controller.abort();
      await listing;
      await Promise.all([...readers]);
    },
  };
}

/** Every shard of the stream, all pages of DescribeStream. */
async function listShards(api: StreamsApi, streamArn: string, signal: AbortSignal): Promise<Shard[]> {
  const shards: Shard[] = [];
  let after: string | undefined;
  do {
    const out = await api.describeStream(
      { StreamArn: streamArn, ...(after ? { ExclusiveStartShardId: after } : {}) },
      signal,
    );
    shards.push(...(out.StreamDescription?.Shards ?? []));
    after = out.StreamDescription?.LastEvaluatedShardId;
  } while (after);
  return shards;
}
