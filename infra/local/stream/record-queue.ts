import type { DynamoDBRecord } from 'aws-lambda';

/**
 * A shard's records read and not yet handed to the consumer, in stream order: the shard's reader
 * puts pages in, the hand-over takes batches out (shard-reader.ts), so reading the next page never
 * waits for the consumer and a slow consumer gets what came meanwhile in one batch.
 */
export class RecordQueue {
  private records: DynamoDBRecord[] = [];
  private closedAs: 'ended' | 'stopped' | undefined;
  private waiters: (() => void)[] = [];

  /** Records waiting. */
  get size(): number {
    return this.records.length;
  }

  /** How the reader finished ('ended': the shard was read to its end), once it has. */
  get closed(): 'ended' | 'stopped' | undefined {
    return this.closedAs;
  }

  put(records: readonly DynamoDBRecord[]): void {
    if (records.length === 0) return;
    this.records.push(...records);
    this.wake();
  }

  /** The first `max` records, taken out. */
  take(max: number): DynamoDBRecord[] {
    const taken = this.records.splice(0, max);
    this.wake();
    return taken;
  }

  /** The reader is done: nothing more will be put. */
  close(how: 'ended' | 'stopped'): void {
    this.closedAs ??= how;
    this.wake();
  }

  /** Resolves at the next put, take or close, or when `signal` aborts. */
  changed(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done, { once: true });
      this.waiters.push(done);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
