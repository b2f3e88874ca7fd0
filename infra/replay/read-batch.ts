import type { DynamoDBRecord } from 'aws-lambda';
import { toLambdaRecord } from '../local/stream/stream-record';
import type { StreamsApi } from '../local/stream/streams-api';
import type { StreamBatchInfo } from './dlq-batch';

/**
 * GetRecords may answer an empty page while later records exist (in AWS, a shard's pages follow
 * time); this many empty pages in a row before the batch's last record means it is not there.
 */
const MAX_EMPTY_PAGES = 20;

/**
 * The records of a batch the mapping gave up on, in stream order, as Lambda handed them to the
 * function: from its first sequence number to its last, read again from the stream. Fails with a
 * message saying why when the stream no longer holds them (older than its 24 hours).
 */
export async function readBatch(api: StreamsApi, batch: StreamBatchInfo): Promise<DynamoDBRecord[]> {
  const end = BigInt(batch.endSequenceNumber);
  let iterator: string | undefined;
  try {
    ({ ShardIterator: iterator } = await api.getShardIterator({
      StreamArn: batch.streamArn,
      ShardId: batch.shardId,
      ShardIteratorType: 'AT_SEQUENCE_NUMBER',
      SequenceNumber: batch.startSequenceNumber,
    }));
  } catch (error) {
    throw new Error(`${describe(batch)}: ${gone(error) ?? (error as Error).message}`);
  }
  const records: DynamoDBRecord[] = [];
  let empty = 0;
  while (iterator) {
    const page = await api.getRecords({ ShardIterator: iterator, Limit: 1000 });
    for (const record of page.Records ?? []) {
      const sequence = BigInt(record.dynamodb?.SequenceNumber ?? '0');
      if (sequence > end) return records;
      records.push(toLambdaRecord(record, batch.streamArn));
      if (sequence === end) return records;
    }
    empty = (page.Records ?? []).length === 0 ? empty + 1 : 0;
    if (empty >= MAX_EMPTY_PAGES) break;
    iterator = page.NextShardIterator;
  }
  throw new Error(`${describe(batch)}: the stream ended before the batch's last record`);
}

/** The batch as a line names it. */
export function describe(batch: StreamBatchInfo): string {
  return `batch ${batch.startSequenceNumber}..${batch.endSequenceNumber} of ${batch.shardId}`;
}

/** Why a start the stream refused is gone, when it is. */
function gone(error: unknown): string | undefined {
  const name = (error as { name?: string }).name;
  if (name === 'TrimmedDataAccessException' || name === 'ResourceNotFoundException')
    return 'no longer in the stream (it keeps records 24 hours, and a deleted table none)';
  return undefined;
}
