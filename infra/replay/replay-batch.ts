import type { StreamFilterPattern } from '../../functions/events/stream-filter';
import type { StreamHandler } from '../local/stream/deliver-batch';
import { passesFilters } from '../local/stream/event-pattern';
import type { StreamsApi } from '../local/stream/streams-api';
import type { StreamBatchInfo } from './dlq-batch';
import { describe, readBatch } from './read-batch';

/** A stream consumer as its mapping calls it: the mapping's filters, then the function. */
export interface ReplayConsumer {
  filters: readonly StreamFilterPattern[];
  handler: StreamHandler;
}

/** What replaying one batch did: the records read again, and those its mapping's filters pass. */
export interface Replayed {
  read: number;
  handled: number;
}

/**
 * Hands a batch the mapping gave up on to its consumer again, as the mapping would have: its
 * records read again from the stream, filtered by the mapping's filters, in one call. Safe to
 * repeat: the sales tally counts each change once (its markers), the events' consumers deduplicate
 * by event id. Throws, naming the batch, when the consumer fails again.
 */
export async function replayBatch(
  api: StreamsApi,
  batch: StreamBatchInfo,
  consumer: ReplayConsumer,
): Promise<Replayed> {
  const records = await readBatch(api, batch);
  const passed = records.filter((record) => passesFilters(consumer.filters, record));
  if (passed.length > 0) {
    const answer = await consumer.handler({ Records: passed });
    const failed = answer?.batchItemFailures?.[0]?.itemIdentifier;
    if (failed !== undefined)
      throw new Error(`${describe(batch)}: the consumer failed again, from record ${failed || 'one'}`);
  }
  return { read: records.length, handled: passed.length };
}
