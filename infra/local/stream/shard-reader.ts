import type { StreamFilterPattern } from '../../../functions/events/stream-filter';
import { type Delivery, deliverBatch } from './deliver-batch';
import { passesFilters } from './event-pattern';
import { pause } from './pause';
import { RecordQueue } from './record-queue';
import type { ShardStart } from './shard-plan';
import { toLambdaRecord } from './stream-record';
import type { StreamsApi } from './streams-api';

/** What reading a shard needs: the stream, the mapping's filters and batch size, the handler. */
export interface ShardReading {
  api: StreamsApi;
  streamArn: string;
  filters: readonly StreamFilterPattern[];
  batchSize: number;
  /** How often a shard is polled while records come, from one poll's start to the next (the stream has no push). */
  pollMs: number;
  delivery: Delivery;
  signal: AbortSignal;
  report: (line: string) => void;
}

/**
 * Records per GetRecords call (the API's most). The mapping's batch size counts the records that
 * pass its filters, as Lambda filters before it batches: reading pages of batch size let a busy
 * table's unfiltered writes (cart versions, feeds, counters: ~9 of 10 records) make ten calls where
 * one would do, and on DynamoDB Local each call costs ~100-400 ms under load (docs/performance.md
 * "The stream's lag").
 */
export const PAGE_LIMIT = 1000;

/** Records read and waiting for the handler, at most (a handler failing and retried holds the reader). */
const MAX_QUEUED = PAGE_LIMIT;

/** A shard quiet for this long is polled once every IDLE_POLL_MS (idle twin: ~0.5 % of a CPU, not 3 %). */
const IDLE_AFTER_MS = 2_000;
const IDLE_POLL_MS = 1_000;
/**
 * The longest wait between attempts when the Streams API itself fails (DynamoDB Local paused). Short:
 * a paused DynamoDB Local holds each call until its 1.5 s timeout anyway, so this is one call every
 * 2 s, and a longer wait only held back what was written once it answered again (up to 5 s made
 * the records of the first seconds after a pause wait 2-3 s: docs/performance.md "The stream's lag").
 */
const MAX_API_BACKOFF_MS = 500;

/**
 * The wait before the next poll: a poll every pollMs while records come, counted from the start of
 * the last one (Lambda polls a shard at a rate, 4 a second: a poll that took longer than that is
 * followed at once), and every IDLE_POLL_MS once the shard has been quiet.
 */
export function pollWait(
  pollMs: number,
  idleSince: number | undefined,
  polledAt: number,
  now = Date.now(),
): number {
  const every =
    idleSince !== undefined && now - idleSince >= IDLE_AFTER_MS ? Math.max(pollMs, IDLE_POLL_MS) : pollMs;
  return Math.max(0, polledAt + every - now);
}

/** An iterator for a shard: where it starts, or just after the last record read. */
export async function openIterator(start: ShardStart, after: string | undefined, reading: ShardReading) {
  const out = await reading.api.getShardIterator(
    {
      StreamArn: reading.streamArn,
      ShardId: start.shardId,
      ...(after
        ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
        : { ShardIteratorType: start.from }),
    },
    reading.signal,
  );
  if (!out.ShardIterator) throw new Error(`no iterator for shard ${start.shardId}`);
  return out.ShardIterator;
}

/**
 * Reads one shard in stream order from `iterator` (opened at `start`) until the shard has ended
 * (closed, read to its last record, every record handled) or the runner stops. Two loops share a
 * queue: the reader polls the shard at its own pace and queues the records that pass the filters;
 * the hand-over gives the handler the queued records in batches of at most batchSize, the next batch
 * only once the handler took all of the last one (deliverBatch), so nothing is skipped or
 * reordered. A slow handler so gets, in one batch, what came while it worked, instead of the
 * poll's wait and the handler's time adding up page after page (docs/performance.md "The
 * stream's lag").
 */
export async function readShard(
  start: ShardStart,
  iterator: string,
  reading: ShardReading,
): Promise<'ended' | 'stopped'> {
  const queue = new RecordQueue();
  const reader = pollShard(start, iterator, reading, queue).then(
    (how) => queue.close(how),
    () => queue.close('stopped'),
  );
  const handed = await handOver(queue, reading);
  await reader;
  return handed;
}

/** Hands the queued records to the handler until the reader is done and the queue empty. */
async function handOver(queue: RecordQueue, reading: ShardReading): Promise<'ended' | 'stopped'> {
  for (;;) {
    if (reading.signal.aborted || queue.closed === 'stopped') return 'stopped';
    if (queue.size > 0) {
      if (!(await deliverBatch(queue.take(reading.batchSize), reading.delivery))) return 'stopped';
    } else if (queue.closed === 'ended') return 'ended';
    else await queue.changed(reading.signal);
  }
}

/**
 * Polls a shard and queues the records that pass the filters, until the shard has ended or the
 * runner stops: a full page is followed at once, otherwise the next poll comes after pollWait.
 * While MAX_QUEUED records wait for the handler (one failing and retried), it reads no further.
 */
async function pollShard(
  start: ShardStart,
  iterator: string,
  reading: ShardReading,
  queue: RecordQueue,
): Promise<'ended' | 'stopped'> {
  const { api, signal } = reading;
  let current: string | undefined = iterator;
  /** The last record read (queued or filtered out): a renewed iterator starts after it. */
  let last: string | undefined;
  let failures = 0;
  let idleSince: number | undefined;
  while (!signal.aborted) {
    try {
      while (queue.size >= MAX_QUEUED && !signal.aborted) await queue.changed(signal);
      current ??= await openIterator(start, last, reading);
      const polledAt = Date.now();
      const page = await api.getRecords({ ShardIterator: current, Limit: PAGE_LIMIT }, signal);
      const records = page.Records ?? [];
      queue.put(
        records
          .map((record) => toLambdaRecord(record, reading.streamArn))
          .filter((record) => passesFilters(reading.filters, record)),
      );
      failures = 0;
      last = records.at(-1)?.dynamodb?.SequenceNumber ?? last;
      if (!page.NextShardIterator) return 'ended';
      current = page.NextShardIterator;
      idleSince = records.length > 0 ? undefined : (idleSince ?? Date.now());
      if (
        records.length < PAGE_LIMIT &&
        !(await pause(pollWait(reading.pollMs, idleSince, polledAt), signal))
      ) {
        return 'stopped';
      }
    } catch (error) {
      if (signal.aborted) return 'stopped';
      const name = (error as { name?: string }).name;
      // The shard or the stream is gone (the table was deleted): nothing more will come from it.
      if (name === 'ResourceNotFoundException') return 'ended';
      // An iterator that expired (a machine asleep for a while) is renewed after the last record
      // read; one past the stream's trimmed start, from the oldest record kept.
      if (name === 'ExpiredIteratorException') current = undefined;
      if (name === 'TrimmedDataAccessException') {
        reading.report(`[stream] shard ${start.shardId}: records trimmed before they were read`);
        start = { ...start, from: 'TRIM_HORIZON' };
        last = undefined;
        current = undefined;
      }
      failures += 1;
      if (failures === 1 || failures % 20 === 0) {
        reading.report(`[stream] shard ${start.shardId}: ${(error as Error).message} (attempt ${failures})`);
      }
      const ms = Math.min(reading.pollMs * 2 ** failures, MAX_API_BACKOFF_MS);
      if (!(await pause(ms, signal))) return 'stopped';
    }
  }
  return 'stopped';
}
