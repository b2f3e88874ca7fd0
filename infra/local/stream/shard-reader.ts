import type { StreamFilterPattern } from '../../../functions/events/stream-filter';
import { type Delivery, deliverBatch } from './deliver-batch';
import { passesFilters } from './event-pattern';
import { pause } from './pause';
import type { ShardStart } from './shard-plan';
import { toLambdaRecord } from './stream-record';
import type { StreamsApi } from './streams-api';

/** What reading a shard needs: the stream, the mapping's filters and batch size, the handler. */
export interface ShardReading {
  api: StreamsApi;
  streamArn: string;
  filters: readonly StreamFilterPattern[];
  batchSize: number;
  /** The wait between polls of a shard that had nothing more (the stream has no push). */
  pollMs: number;
  delivery: Delivery;
  signal: AbortSignal;
  report: (line: string) => void;
}

/** A shard quiet for this long is polled once every IDLE_POLL_MS (idle twin: ~0.5 % of a CPU, not 3 %). */
const IDLE_AFTER_MS = 2_000;
const IDLE_POLL_MS = 1_000;
/** The longest wait between attempts when the Streams API itself fails (DynamoDB Local paused). */
const MAX_API_BACKOFF_MS = 5_000;

/** The wait before the next poll: pollMs while records come, slower once the shard has been quiet. */
export function pollWait(pollMs: number, idleSince: number | undefined, now = Date.now()): number {
  return idleSince !== undefined && now - idleSince >= IDLE_AFTER_MS
    ? Math.max(pollMs, IDLE_POLL_MS)
    : pollMs;
}

/** An iterator for a shard: where it starts, or just after the last record handled. */
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
 * (closed and read to its last record) or the runner stops. Each page's records that pass the
 * filters go to the handler as one batch and the next page is read only once the handler took all
 * of them (deliverBatch), so nothing is skipped or reordered. A full page is followed at once;
 * otherwise the shard is polled again after pollWait.
 */
export async function readShard(
  start: ShardStart,
  iterator: string,
  reading: ShardReading,
): Promise<'ended' | 'stopped'> {
  const { api, signal } = reading;
  let current: string | undefined = iterator;
  let last: string | undefined;
  let failures = 0;
  let idleSince: number | undefined;
  while (!signal.aborted) {
    try {
      current ??= await openIterator(start, last, reading);
      const page = await api.getRecords({ ShardIterator: current, Limit: reading.batchSize }, signal);
      const records = page.Records ?? [];
      const batch = records
        .map((record) => toLambdaRecord(record, reading.streamArn))
        .filter((record) => passesFilters(reading.filters, record));
      if (batch.length > 0 && !(await deliverBatch(batch, reading.delivery))) return 'stopped';
      failures = 0;
      last = records.at(-1)?.dynamodb?.SequenceNumber ?? last;
      if (!page.NextShardIterator) return 'ended';
      current = page.NextShardIterator;
      idleSince = records.length > 0 ? undefined : (idleSince ?? Date.now());
      if (records.length < reading.batchSize && !(await pause(pollWait(reading.pollMs, idleSince), signal))) {
        return 'stopped';
      }
    } catch (error) {
      if (signal.aborted) return 'stopped';
      const name = (error as { name?: string }).name;
      // The shard or the stream is gone (the table was deleted): nothing more will come from it.
      if (name === 'ResourceNotFoundException') return 'ended';
      // An iterator that expired (a machine asleep for a while) is renewed after the last record
      // handled; one past the stream's trimmed start, from the oldest record kept.
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
