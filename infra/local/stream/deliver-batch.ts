import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/** A stream consumer's handler, as Lambda calls it. */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

/** The backoff between attempts at one batch: first wait, doubling up to the longest. */
export interface RetryBackoff {
  firstMs: number;
  maxMs: number;
}

export interface Delivery {
  handler: StreamHandler;
  retry: RetryBackoff;
  /** Waits before a retry; false when the runner stopped meanwhile. */
  wait: (ms: number) => Promise<boolean>;
  /** One line per failed attempt (a developer must see a shard that is stuck). */
  report: (line: string) => void;
  /** Told, after each attempt, which records the handler has taken and when (the bench's stream lag). */
  handled?: (records: readonly DynamoDBRecord[], doneAt: number) => void;
}

/** A failing batch is reported at each of its first REPORT_EVERY attempts, then at every REPORT_EVERY-th. */
const REPORT_EVERY = 10;

/**
 * Hands one shard's records to the handler until all are handled, as an event source mapping with
 * ReportBatchItemFailures does: the records before the first failed one are done, and the batch is
 * tried again from that one after a backoff (doubling; back to the first wait once a retry made
 * progress). A thrown error, or an identifier the batch does not hold, fails the whole batch. The
 * mapping in AWS parks a record in its dead-letter queue after STREAM_RETRY.retryAttempts; the twin
 * retries for as long as it runs, so locally nothing is lost or reordered and a stuck shard waits
 * (reported at its first ten attempts, then every tenth: ~10 s apart). Returns false when stopped
 * before everything was handled.
 */
export async function deliverBatch(records: readonly DynamoDBRecord[], delivery: Delivery): Promise<boolean> {
  let pending = records;
  let attempt = 0;
  while (pending.length > 0) {
    const failure = await attemptBatch(pending, delivery.handler);
    const taken = failure === undefined ? pending : pending.slice(0, failure.index);
    if (taken.length > 0) delivery.handled?.(taken, Date.now());
    if (failure === undefined) return true;
    attempt = failure.index > 0 ? 1 : attempt + 1;
    pending = pending.slice(failure.index);
    const ms = Math.min(delivery.retry.firstMs * 2 ** (attempt - 1), delivery.retry.maxMs);
    if (attempt <= REPORT_EVERY || attempt % REPORT_EVERY === 0) {
      const from = pending[0]?.dynamodb?.SequenceNumber;
      delivery.report(
        `[stream] ${pending.length} record(s) from ${from} not handled (${failure.why}); retry ${attempt} in ${ms} ms`,
      );
    }
    if (!(await delivery.wait(ms))) return false;
  }
  return true;
}

/** Where the batch failed and why, or undefined when it was handled whole. */
async function attemptBatch(
  records: readonly DynamoDBRecord[],
  handler: StreamHandler,
): Promise<{ index: number; why: string } | undefined> {
  let response: DynamoDBBatchResponse | undefined;
  try {
    response = await handler({ Records: [...records] });
  } catch (error) {
    return { index: 0, why: error instanceof Error ? error.message : String(error) };
  }
  const failures = response?.batchItemFailures ?? [];
  if (failures.length === 0) return undefined;
  const indexes = failures.map((f) =>
    records.findIndex((r) => r.dynamodb?.SequenceNumber === f.itemIdentifier),
  );
  // Lambda reads an empty or unknown identifier as the whole batch failing.
  const index = indexes.some((i) => i < 0) ? 0 : Math.min(...indexes);
  return { index, why: 'batch item failure' };
}
