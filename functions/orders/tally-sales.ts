import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { salesChangeOf } from '../../lib/data/orders/sales-stream';
import type { SalesApplied, SalesChange } from '../../lib/data/orders/sales-writes';
import { log } from '../../lib/log';
import { tallySales } from '../../lib/use-cases/orders/tally-sales';

/**
 * The sales tally (not an API route): a second consumer of the table's stream, filtered to order
 * placements and rejections (sales-stream-filter.ts), that keeps the totals GET /sales reads
 * (docs/orders.md "Sales figures"). Each change counts exactly once whatever the retries (markers,
 * lib/data/orders/sales-writes.ts), so a failure fails the whole batch and the retry skips what is
 * counted. Its own event source mapping, so a slow or failing tally never holds up the events.
 */
export function createSalesTally(
  tally: (changes: readonly SalesChange[]) => Promise<SalesApplied> = tallySales,
) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const changes = event.Records.flatMap((record) => salesChangeOf(record) ?? []);
    if (changes.length === 0) return { batchItemFailures: [] };
    try {
      const applied = await tally(changes);
      log.info('sales tallied', { records: event.Records.length, ...applied });
      return { batchItemFailures: [] };
    } catch (error) {
      log.error('sales not tallied; the batch is retried', {
        error: error instanceof Error ? error.message : String(error),
      });
      return { batchItemFailures: [{ itemIdentifier: event.Records[0]?.dynamodb?.SequenceNumber ?? '' }] };
    }
  };
}

/** Lambda entry point. */
export const handler = createSalesTally();
